// npm scripts run on the pinned Node (devDependency "node"); say which one, and refuse another major.
const major = Number(process.versions.node.split('.')[0]);
console.log(`Node ${process.version} (${process.execPath})`);
if (major !== 24) {
  console.error(`Expected the pinned Node 24; got ${process.version}. Run npm install first.`);
  process.exit(1);
}
