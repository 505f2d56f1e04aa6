// After `pnpm build`: checks every publishable package the way a user meets it.
// 1. `pnpm pack` it (workspace: ranges become real versions, only "files" ship);
// 2. publint --strict on the tarball;
// 3. @arethetypeswrong/cli on the tarball (node16 profile: CJS and ESM, every entry);
// 4. a tiny consumer installs all the tarballs and compiles, with skipLibCheck
//    false, against the built .d.ts files (no source condition).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const packagesDir = path.join(root, "packages");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "x-check-packages-"));
const tarballs = path.join(work, "tarballs");
fs.mkdirSync(tarballs);

const failures = [];
const run = (label, cmd, args, options = {}) => {
  try {
    const out = execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], ...options });
    return out;
  } catch (error) {
    failures.push(label);
    process.stderr.write(`\n✗ ${label}\n${error.stdout ?? ""}${error.stderr ?? ""}\n`);
    return undefined;
  }
};

const packages = fs
  .readdirSync(packagesDir)
  .map((name) => path.join(packagesDir, name))
  .filter((dir) => fs.existsSync(path.join(dir, "package.json")))
  .map((dir) => ({ dir, manifest: JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) }))
  .filter(({ manifest }) => !manifest.private);

const packed = [];
for (const { dir, manifest } of packages) {
  for (const file of [manifest.main, manifest.module, manifest.types]) {
    if (file && !fs.existsSync(path.join(dir, file))) {
      failures.push(`${manifest.name}: ${file} is missing; run \`pnpm build\` first`);
    }
  }
  const out = run(`${manifest.name}: pnpm pack`, "pnpm", ["pack", "--pack-destination", tarballs], { cwd: dir });
  if (out === undefined) continue;
  const tarball = fs
    .readdirSync(tarballs)
    .map((f) => path.join(tarballs, f))
    .find((f) => path.basename(f).startsWith(manifest.name.replace("@", "").replace("/", "-")));
  if (!tarball) {
    failures.push(`${manifest.name}: no tarball produced`);
    continue;
  }
  packed.push({ manifest, tarball });
  if (
    run(`${manifest.name}: publint --strict`, bin("publint"), ["run", tarball, "--strict"], { cwd: dir }) !== undefined
  ) {
    process.stdout.write(`✓ ${manifest.name}: publint --strict\n`);
  }
  if (
    run(`${manifest.name}: attw`, bin("attw"), [tarball, "--profile", "node16", "--format", "table-flipped"], {
      cwd: dir,
    }) !== undefined
  ) {
    process.stdout.write(`✓ ${manifest.name}: attw (node16 CJS + ESM)\n`);
  }
}

// The consumer: a user's project that installs the tarballs and compiles.
const consumer = path.join(work, "consumer");
fs.cpSync(path.join(root, "scripts", "consumer"), consumer, { recursive: true });
const consumerManifest = JSON.parse(fs.readFileSync(path.join(consumer, "package.json"), "utf8"));
consumerManifest.dependencies = {
  ...consumerManifest.dependencies,
  ...Object.fromEntries(packed.map(({ manifest, tarball }) => [manifest.name, `file:${tarball}`])),
};
fs.writeFileSync(path.join(consumer, "package.json"), JSON.stringify(consumerManifest, null, 2));
if (
  run("consumer: npm install", "npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"], {
    cwd: consumer,
  }) !== undefined
) {
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  for (const config of ["tsconfig.esm.json", "tsconfig.cjs.json"]) {
    if (run(`consumer: tsc -p ${config}`, process.execPath, [tsc, "-p", config], { cwd: consumer }) !== undefined) {
      process.stdout.write(`✓ consumer compiles against the built .d.ts (${config}, skipLibCheck: false)\n`);
    }
  }
  if (run("consumer: runs (ESM)", process.execPath, ["run.mjs"], { cwd: consumer }) !== undefined) {
    process.stdout.write(`✓ consumer imports every package at run time (ESM and CJS)\n`);
  }
}

fs.rmSync(work, { recursive: true, force: true });
if (failures.length > 0) {
  process.stderr.write(`\nPackage checks failed:\n${failures.map((f) => `  - ${f}`).join("\n")}\n`);
  process.exit(1);
}
process.stdout.write(`All ${packages.length} packages pass publint, attw and the consumer compile.\n`);
