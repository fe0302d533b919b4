// The engine off the page's thread: a never-ending move can take seconds to
// decide, and the page stays responsive meanwhile (it can stop the worker).
// Messages in: {id, request} (the request's text); out: {id, answer} (the
// parsed JSON) or {id, error}. The module is fetched once, next to this
// script.
"use strict";
importScripts("omweso-engine.js");
let engine = null;
const ready = fetch(new URL("omweso.wasm", self.location.href))
  .then((r) => OmwesoEngine.load(r))
  .then((e) => (engine = e));

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    await ready;
    self.postMessage({ id, answer: engine.answer(request) });
  } catch (e) {
    self.postMessage({ id, error: String(e) });
  }
};
