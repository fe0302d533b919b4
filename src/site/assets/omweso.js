// omweso site script: diagram step-through, full-text search, the phone
// menu and the section being read marked in "On this page". No server needed. Loaded in the page's head without `defer`, so that
// the `js` class is on the page before it is drawn (the phone header folds
// its sections into a menu only when a script can open it); the rest waits
// for the document.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var script = document.currentScript;
  var root = script ? new URL("..", script.src).href : "";

  // ---- The engine for the pages that use it (omweso-try.js, omweso-analysis.js
  // and through them the puzzles): omweso.wasm in a Web Worker, so a move that
  // takes seconds to decide never freezes the page and can be stopped.
  // `OmwesoEngineClient(assets)` gives {ask(request) -> Promise of the
  // answer, stop()}. Over http(s) the worker is omweso-worker.js, which
  // fetches omweso.wasm. Opened from disk (file://) browsers refuse both, so
  // the module and the worker's code come from one script,
  // assets/omweso-inline.js, and the worker starts from a Blob URL (a
  // browser that refuses even that gets the error in the page's status).
  var inline = null;
  function loadInline(assets) {
    if (inline) return inline;
    inline = new Promise(function (resolve, reject) {
      if (window.OMWESO_INLINE) { resolve(window.OMWESO_INLINE); return; }
      var s = document.createElement("script");
      s.src = assets + "omweso-inline.js";
      s.onload = function () {
        if (window.OMWESO_INLINE) resolve(window.OMWESO_INLINE);
        else reject(new Error("omweso-inline.js did not load the engine"));
      };
      s.onerror = function () { reject(new Error("cannot load " + s.src)); };
      document.head.appendChild(s);
    });
    return inline;
  }
  function wasmBytes(base64) {
    var bin = atob(base64), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }
  function startWorker(assets) {
    if (location.protocol !== "file:") return Promise.resolve(new Worker(assets + "omweso-worker.js"));
    return loadInline(assets).then(function (code) {
      var url = URL.createObjectURL(new Blob([code.engine, "\n", code.worker], { type: "text/javascript" }));
      var w = new Worker(url);
      var bytes = wasmBytes(code.wasm);
      w.postMessage({ wasm: bytes.buffer }, [bytes.buffer]);
      return w;
    });
  }
  window.OmwesoEngineClient = function (assets) {
    // One engine: its worker (a promise) and the requests it has not
    // answered yet. A worker stopped or failed is dropped with its own
    // requests only: an error it reports late (a script load cut short by
    // the stop) never reaches the requests of the worker after it.
    var engine = null, nextId = 1;
    function start() {
      var e = { pending: {} };
      e.fail = function (message) {
        var p = e.pending;
        e.pending = {};
        Object.keys(p).forEach(function (k) { p[k].reject(new Error(message)); });
      };
      // a failed worker is replaced at the next request
      e.drop = function () {
        if (engine === e) engine = null;
        e.worker.then(function (w) { w.terminate(); }, function () {});
      };
      e.worker = startWorker(assets).then(function (w) {
        w.onmessage = function (m) {
          var p = e.pending[m.data.id];
          delete e.pending[m.data.id];
          if (!p) return;
          var error = m.data.error || (m.data.answer && m.data.answer.error);
          if (error) p.reject(new Error(error));
          else p.resolve(m.data.answer);
        };
        w.onerror = function (m) { e.drop(); e.fail(m.message || "the engine failed"); };
        return w;
      });
      e.worker.catch(function (x) { e.drop(); e.fail(String(x.message || x)); });
      return e;
    }
    return {
      ask: function (request) {
        if (!engine) engine = start();
        var id = nextId++, e = engine;
        return new Promise(function (resolve, reject) {
          e.pending[id] = { resolve: resolve, reject: reject };
          e.worker.then(function (w) { w.postMessage({ id: id, request: request }); }, reject);
        });
      },
      // Stop what the engine is doing: a worker with requests unanswered
      // is ended (they fail with "stopped"); an idle one is kept, so the
      // module is not fetched and compiled again for the next request.
      stop: function () {
        var e = engine;
        if (!e || !Object.keys(e.pending).length) return;
        e.drop();
        e.fail("stopped");
      }
    };
  };

  // ---- Diagrams: one frame at a time, with prev / play / next and arrow keys.
  function setupDiagram(fig) {
    var frames = Array.prototype.slice.call(fig.querySelectorAll(":scope > .frames > .frame"));
    var stepper = fig.querySelector(":scope > .stepper");
    if (frames.length < 2 || !stepper) return;
    // the page leaves the controls' place empty (no script, no controls)
    if (!stepper.querySelector(".next")) {
      stepper.innerHTML = "<button type=\"button\" class=\"prev\"><span aria-hidden=\"true\">\u2190 </span>Previous</button>" +
        "<button type=\"button\" class=\"play\" aria-pressed=\"false\">Play</button>" +
        "<button type=\"button\" class=\"next\">Next<span aria-hidden=\"true\"> \u2192</span></button>" +
        "<span class=\"frame-status\" aria-live=\"polite\"></span>";
    }
    fig.classList.add("js");
    stepper.hidden = false;
    var steps = window.OmwesoStepper(frames, {
      prev: stepper.querySelector(".prev"),
      play: stepper.querySelector(".play"),
      next: stepper.querySelector(".next"),
      status: stepper.querySelector(".frame-status")
    });
    fig.addEventListener("keydown", function (e) {
      if (e.target.tagName === "SUMMARY" || e.altKey || e.ctrlKey || e.metaKey) return;
      // "Try a move" shows a move in the frames' place: its own buttons step it
      if (fig.classList.contains("trying")) return;
      var to = { ArrowLeft: steps.current() - 1, ArrowRight: steps.current() + 1, Home: 0, End: frames.length - 1 }[e.key];
      if (to === undefined) return;
      steps.stop();
      steps.show(to);
      e.preventDefault();
    });
  }

  // ---- One frame at a time: Previous, Play (every 1.6 s, then Pause) and
  // Next over `frames` (elements, one shown), with "Frame i of n" in
  // `c.status`. A figure's frames and "Try a move"'s played move share it;
  // `live()`, if given, says whether the frames are still on the page (a
  // playing stepper stops once they are not). Returns {show(i), stop(),
  // current()}.
  window.OmwesoStepper = function (frames, c, live) {
    var current = 0, timer = null, last = frames.length - 1;
    function show(i) {
      current = Math.max(0, Math.min(last, i));
      frames.forEach(function (f, k) {
        f.hidden = k !== current;
        f.classList.toggle("current", k === current);
      });
      c.status.textContent = "Frame " + (current + 1) + " of " + frames.length;
      c.prev.disabled = current === 0;
      c.next.disabled = current === last && !timer;
    }
    function stop() {
      if (timer) { clearInterval(timer); timer = null; }
      c.play.textContent = "Play";
      c.play.setAttribute("aria-pressed", "false");
      show(current);
    }
    function start() {
      if (current === last) current = 0;
      c.play.textContent = "Pause";
      c.play.setAttribute("aria-pressed", "true");
      show(current);
      timer = setInterval(function () {
        if ((live && !live()) || current >= last) { stop(); return; }
        show(current + 1);
      }, 1600);
    }
    c.prev.addEventListener("click", function () { stop(); show(current - 1); });
    c.next.addEventListener("click", function () { stop(); show(current + 1); });
    c.play.addEventListener("click", function () { if (timer) stop(); else start(); });
    show(0);
    return { show: show, stop: stop, current: function () { return current; } };
  };

  // ---- Search over assets/search-index.js, loaded as a script on first use
  // (a script loads from file:// as well as from a server). The index is
  // {w: the words of the records' texts, the commonest first, d: the
  // records}; a record's text is the codes of its words (`c`): a word's
  // code is zero or more leading characters, then one ending character
  // (CODES' first 64), its number in `w` (search.rs, `code`).
  var CODES = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$!#%&'()*+,-./:;<=>?@[]^`{|}~";
  var ENDS = 64, LEADS = CODES.length - ENDS;
  var index = null;
  var loading = null;
  function loadIndex() {
    if (index) return Promise.resolve(index);
    if (loading) return loading;
    loading = new Promise(function (resolve, reject) {
      if (window.OMWESO_SEARCH_INDEX) { resolve(window.OMWESO_SEARCH_INDEX); return; }
      var s = document.createElement("script");
      s.src = root + "assets/search-index.js";
      s.onload = function () { resolve(window.OMWESO_SEARCH_INDEX || { w: [], d: [] }); };
      s.onerror = reject;
      document.head.appendChild(s);
    }).then(function (data) { index = prepare(data); return index; });
    return loading;
  }
  // The numbers of the words a record's codes stand for.
  function decode(c) {
    var ids = [], lead = 0, len = 0, first = 0, block = ENDS;
    for (var i = 0; i < (c || "").length; i++) {
      var v = CODES.indexOf(c.charAt(i));
      if (v >= ENDS) { lead = lead * LEADS + v - ENDS; len++; first += block; block *= LEADS; continue; }
      ids.push(first + lead * ENDS + v);
      lead = 0; len = 0; first = 0; block = ENDS;
    }
    return ids;
  }
  // The index ready to search: each word normalized once, each record's
  // words as numbers.
  function prepare(data) {
    var words = data.w || [], docs = data.d || [];
    docs.forEach(function (d) { d.ids = decode(d.c); });
    return { words: words, normed: words.map(norm), docs: docs };
  }
  // A record's text: its words, a space between two, none beside a block's
  // end ("\n").
  function text(d) {
    if (d.x === undefined) {
      var out = "", prev = true;
      for (var i = 0; i < d.ids.length; i++) {
        var w = index.words[d.ids[i]], nl = w === "\n";
        out += (prev || nl ? "" : " ") + w;
        prev = nl;
      }
      d.x = out;
    }
    return d.x;
  }
  function norm(s) { return (s || "").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, ""); }
  // The words around the first match, within its block: the index ends
  // each block (paragraph, list item, table cell, heading) with a newline,
  // and a snippet never runs into the next one.
  function snippet(text, word) {
    var t = norm(text), i = t.indexOf(word);
    if (i < 0) return "";
    var s = t.lastIndexOf("\n", i) + 1, e = t.indexOf("\n", i + word.length);
    if (e < 0) e = t.length;
    var a = Math.max(s, i - 50), b = Math.min(e, i + word.length + 70);
    return (a > s ? "…" : "") + text.slice(a, b) + (b < e ? "…" : "");
  }
  function count(text, w) {
    var n = 0, i = text.indexOf(w);
    while (i >= 0 && n < 40) { n++; i = text.indexOf(w, i + w.length); }
    return n;
  }
  // A word's stem for matching: "captures", "captured", "capture" and
  // "capturing" all find "captur".
  function stem(w) {
    if (w.length <= 4) return w;
    var m = /(ing|ed|es|s|e)$/.exec(w);
    return m && w.length - m[0].length >= 4 ? w.slice(0, w.length - m[0].length) : w;
  }
  // The kinds of results, in the order they are listed, with how much a
  // match in each weighs: the rules (chapters, their sections, the
  // glossary) before the examples (positions, puzzles, games).
  var KINDS = {
    chapter: { title: "Chapters", weight: 3, most: 6 },
    section: { title: "Sections", weight: 2.5, most: 6 },
    term: { title: "Glossary", weight: 2, most: 4 },
    variant: { title: "Variants", weight: 2, most: 4 },
    page: { title: "Pages", weight: 1.5, most: 3 },
    position: { title: "Positions", weight: 1, most: 4 },
    puzzle: { title: "Puzzles", weight: 0.6, most: 4 },
    game: { title: "Games", weight: 0.8, most: 3 },
  };
  var ORDER = ["chapter", "section", "term", "variant", "page", "position", "puzzle", "game"];
  // The results of `q`, best first within each kind: [{kind, docs}].
  function search(q) {
    var words = norm(q).split(/\s+/).filter(function (w) { return w.length > 1; }).map(stem);
    if (!words.length) return [];
    var whole = norm(q).trim();
    var groups = {};
    // how often each query word is in each word of the index's list
    var found = words.map(function (w) {
      var n = new Uint8Array(index.normed.length);
      index.normed.forEach(function (x, i) { if (x.indexOf(w) >= 0) n[i] = count(x, w); });
      return n;
    });
    index.docs.forEach(function (d) {
      var t = norm(d.t), h = norm((d.h || []).join(" "));
      var score = 0;
      for (var i = 0; i < words.length; i++) {
        var w = words[i], s = 0, n = 0, f = found[i];
        if (t.indexOf(w) >= 0) s += 20;
        if (h.indexOf(w) >= 0) s += 6;
        for (var j = 0; j < d.ids.length && n < 40; j++) n += f[d.ids[j]];
        // mentions count, less and less: a chapter about it mentions it
        // often, one that uses it in passing a few times
        s += 3 * Math.sqrt(Math.min(n, 40));
        if (!s) return;
        score += s;
      }
      if (t === whole || t.split(" › ").pop() === whole) score += 30;
      var kind = KINDS[d.k] ? d.k : "page";
      (groups[kind] = groups[kind] || []).push({ d: d, score: score * KINDS[kind].weight });
    });
    var out = [];
    ORDER.forEach(function (k) {
      var hits = groups[k];
      if (!hits) return;
      hits.sort(function (a, b) { return b.score - a.score || a.d.t.localeCompare(b.d.t); });
      out.push({ kind: k, best: hits[0].score, total: hits.length,
        docs: hits.slice(0, KINDS[k].most).map(function (h) { return h.d; }) });
    });
    // the kinds in their order, but a kind with far better matches first
    // (a query naming a puzzle's title finds the puzzles first)
    var top = out.reduce(function (m, g) { return Math.max(m, g.best); }, 0);
    out.sort(function (a, b) {
      var fa = a.best * 3 < top, fb = b.best * 3 < top;
      return fa - fb || ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind);
    });
    return out;
  }
  function setupSearch() {
    var input = document.getElementById("search-input");
    var list = document.getElementById("search-results");
    if (!input || !list) return;
    var status = document.createElement("p");
    status.className = "visually-hidden";
    status.setAttribute("role", "status");
    list.parentNode.appendChild(status);
    function render() {
      var q = input.value.trim();
      list.textContent = "";
      status.textContent = "";
      if (!q || !index) return;
      var groups = search(q);
      var n = groups.reduce(function (m, g) { return m + g.total; }, 0);
      status.textContent = n + (n === 1 ? " result" : " results");
      var first = stem(norm(q).split(/\s+/)[0]);
      if (!groups.length) {
        var li = document.createElement("li");
        li.textContent = "No results for “" + q + "”";
        list.appendChild(li);
        return;
      }
      groups.forEach(function (g) {
        var head = document.createElement("li");
        head.className = "search-group";
        head.setAttribute("role", "presentation");
        head.textContent = KINDS[g.kind].title + (g.total > g.docs.length ? " (" + g.docs.length + " of " + g.total + ")" : "");
        list.appendChild(head);
        g.docs.forEach(add);
      });
      function add(d) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = root + d.u;
        a.textContent = d.t;
        li.appendChild(a);
        var sn = snippet(text(d), first);
        if (sn) {
          var span = document.createElement("span");
          span.className = "snippet";
          span.textContent = sn;
          li.appendChild(span);
        }
        list.appendChild(li);
      }
    }
    input.addEventListener("focus", function () { loadIndex().catch(function () {}); });
    input.addEventListener("input", function () { loadIndex().then(render, function () {}); });
    input.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { input.value = ""; list.textContent = ""; }
      if (e.key === "Enter") { var a = list.querySelector("a"); if (a) window.location.href = a.href; }
    });
    // `?q=words` in the address starts a search (links can point at results).
    var q = null;
    try { q = new URLSearchParams(window.location.search).get("q"); } catch (e) { q = null; }
    if (q) input.value = q;
    if (input.value) loadIndex().then(render, function () {});
  }

  // Section links: a "#" after each heading of the main text, shown on hover or focus.
  function headingLinks() {
    var hs = document.querySelectorAll("main h2[id], main h3[id]");
    Array.prototype.forEach.call(hs, function (h) {
      var a = document.createElement("a");
      a.className = "heading-link";
      a.href = "#" + h.id;
      a.setAttribute("aria-label", "Link to this section: " + h.textContent);
      a.textContent = "#";
      h.appendChild(a);
    });
  }

  // On a phone the header's sections and search fold into a menu.
  function setupMenu() {
    var header = document.querySelector(".site-header");
    var button = header && header.querySelector(".menu-toggle");
    if (!button) return;
    function set(open) {
      header.classList.toggle("open", open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
    }
    button.addEventListener("click", function () { set(!header.classList.contains("open")); });
    header.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && header.classList.contains("open")) { set(false); button.focus(); }
    });
  }

  // A chapter's "On this page" marks the section being read (wide screens
  // keep it in sight beside the text): the last heading above the top third
  // of the window.
  function setupTocSpy() {
    var links = Array.prototype.slice.call(document.querySelectorAll(".chapter > .toc a[href^='#']"));
    var pairs = links.map(function (a) {
      return { a: a, h: document.getElementById(decodeURIComponent(a.getAttribute("href").slice(1))) };
    }).filter(function (p) { return p.h; });
    if (pairs.length < 2) return;
    var pending = false;
    var marked = null;
    function mark() {
      pending = false;
      var line = window.innerHeight / 3;
      var here = null;
      pairs.forEach(function (p) { if (p.h.getBoundingClientRect().top <= line) here = p.a; });
      if (here === marked) return;
      if (marked) { marked.classList.remove("here"); marked.removeAttribute("aria-current"); }
      marked = here;
      if (here) { here.classList.add("here"); here.setAttribute("aria-current", "location"); }
    }
    window.addEventListener("scroll", function () {
      if (!pending) { pending = true; window.requestAnimationFrame(mark); }
    }, { passive: true });
    mark();
  }

  function init() {
    headingLinks();
    setupMenu();
    setupTocSpy();
    // On a phone the chapter list starts folded, below the header.
    var toggle = document.querySelector(".sidebar-toggle");
    if (toggle && window.matchMedia && window.matchMedia("(max-width: 52rem)").matches) toggle.open = false;
    Array.prototype.forEach.call(document.querySelectorAll("figure.omweso-diagram"), setupDiagram);
    setupSearch();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
