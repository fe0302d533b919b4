// The engine off the page's thread: a never-ending move can take seconds to
// decide, and the page stays responsive meanwhile (it can stop the worker).
// Messages in: {id, request} (the request's text); out: {id, answer} (the
// parsed JSON) or {id, error}. Over http(s) the module is fetched once,
// next to this script. Started from a Blob URL (a site opened from disk:
// omweso-inline.js prefixes this code with omweso-engine.js), it has no
// address to fetch from, and its first message brings the module's bytes:
// {wasm: ArrayBuffer}.
"use strict";
if (typeof OmwesoEngine === "undefined") importScripts("omweso-engine.js");
let engine = null;
let giveBytes = null;
const ready = (self.location.protocol === "blob:"
  ? new Promise((resolve) => (giveBytes = resolve)).then((bytes) => OmwesoEngine.load(bytes))
  : fetch(new URL("omweso.wasm", self.location.href)).then((r) => OmwesoEngine.load(r))
).then((e) => (engine = e));

self.onmessage = async (event) => {
  if (event.data && event.data.wasm) {
    if (giveBytes) giveBytes(event.data.wasm);
    return;
  }
  const { id, request } = event.data;
  try {
    await ready;
    self.postMessage({ id, answer: engine.answer(request) });
  } catch (e) {
    self.postMessage({ id, error: String(e) });
  }
};
