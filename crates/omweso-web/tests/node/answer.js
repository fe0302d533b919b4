// Answers requests with the shipped WebAssembly module, through the site's
// own glue (src/site/assets/omweso-engine.js), for the Rust tests:
//   node answer.js ENGINE_JS MODULE < requests.json > answers.json
// requests.json: a JSON list of request texts; answers: a list of the
// answers' JSON texts, in order.
"use strict";
const fs = require("fs");
const vm = require("vm");
const [engineJs, wasmPath] = process.argv.slice(2);
vm.runInThisContext(fs.readFileSync(engineJs, "utf8"), { filename: engineJs });
(async () => {
  const engine = await globalThis.OmwesoEngine.load(fs.readFileSync(wasmPath));
  const requests = JSON.parse(fs.readFileSync(0, "utf8"));
  const started = process.hrtime.bigint();
  const answers = requests.map((r) => engine.answerText(r));
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  process.stderr.write(`answered ${requests.length} requests in ${ms.toFixed(1)} ms\n`);
  process.stderr.write(`module memory ${engine.x.memory.buffer.byteLength} bytes\n`);
  process.stdout.write(JSON.stringify(answers));
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
