import { packedTarball } from "./lib/packed-tarball.js";

/**
 * Prints the path of this tree's tarball, built and packed now unless this state of the tree was already packed
 * (scripts/lib/packed-tarball.ts): `npm run check:package` checks it with arethetypeswrong.
 */
console.log(packedTarball());
