// Express 4 (the devDependency alias `express4`, the vendor's Express) typed with the installed Express types: the
// guards' tests and bench use only what both majors share.
declare module "express4" {
  import express = require("express");
  export = express;
}
