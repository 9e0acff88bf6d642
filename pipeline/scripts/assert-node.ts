// Guard: every npm script must run on the pinned Node 24 (devDependency `node`), not the system Node.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(`nuffle: Node ${process.versions.node} is running; this project needs Node 24 (run scripts through npm so node_modules/.bin/node is used).`);
  process.exit(1);
}
