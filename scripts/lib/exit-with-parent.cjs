// Preloaded (node --require) into servers the tests and the demo start: the server exits when the process
// that started it is gone, even if that process was killed before it could stop the server.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 500).unref();
