// The omweso rules engine and diagram renderer (omweso.wasm, built from
// crates/omweso-web) behind one call: a request's text in, its JSON answer
// out. A classic script with no dependencies: the site's Web Worker loads
// it with importScripts, the project's tests with Node.
"use strict";
(function (scope) {
  class OmwesoEngine {
    // `source`: the module's bytes (ArrayBuffer or typed array) or a fetch
    // Response.
    static async load(source) {
      let module;
      if (typeof Response !== "undefined" && source instanceof Response) {
        module = await WebAssembly.compile(await source.arrayBuffer());
      } else {
        module = await WebAssembly.compile(source);
      }
      // the module's one import: a clock for a search's time
      // (`time_ms`), in milliseconds (crates/omweso-web/src/clock.rs)
      const now = typeof performance !== "undefined" ? () => performance.now() : () => Date.now();
      const instance = await WebAssembly.instantiate(module, { env: { now_ms: now } });
      return new OmwesoEngine(instance.exports);
    }

    constructor(exports) {
      this.x = exports;
      this.encoder = new TextEncoder();
      this.decoder = new TextDecoder();
    }

    // The answer to a request (see crates/omweso-web: `do moves|play|board`,
    // `variant`, `rules`, `to_move`, `board`, `flags`, `move`, `theme`,
    // `pit`, `nodes`, `depth`, `time_ms`, `seed`), as its JSON text.
    answerText(request) {
      // a request over the module's limit is handed over cut one byte past
      // it (the module refuses it): its memory never grows by more
      const whole = this.encoder.encode(request);
      const bytes = whole.subarray(0, Math.min(whole.length, this.x.omw_max_request() + 1));
      const ptr = this.x.omw_alloc(bytes.length);
      new Uint8Array(this.x.memory.buffer, ptr, bytes.length).set(bytes);
      const len = this.x.omw_answer(ptr, bytes.length);
      const at = this.x.omw_answer_ptr();
      // memory may have grown: view the buffer as it is now
      return this.decoder.decode(new Uint8Array(this.x.memory.buffer, at, len));
    }

    answer(request) {
      return JSON.parse(this.answerText(request));
    }
  }
  scope.OmwesoEngine = OmwesoEngine;
})(typeof globalThis !== "undefined" ? globalThis : self);
