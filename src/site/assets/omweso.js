// omweso site script: diagram step-through and full-text search. No server needed.
(function () {
  "use strict";
  var script = document.currentScript;
  var root = script ? new URL("..", script.src).href : "";

  // ---- Diagrams: one frame at a time, with prev / play / next and arrow keys.
  function setupDiagram(fig) {
    var frames = Array.prototype.slice.call(fig.querySelectorAll(":scope > .frames > .frame"));
    var stepper = fig.querySelector(":scope > .stepper");
    if (frames.length < 2 || !stepper) return;
    var prev = stepper.querySelector(".prev");
    var play = stepper.querySelector(".play");
    var next = stepper.querySelector(".next");
    var status = stepper.querySelector(".frame-status");
    var current = 0;
    var timer = null;
    fig.classList.add("js");
    stepper.hidden = false;
    function show(i) {
      current = Math.max(0, Math.min(frames.length - 1, i));
      frames.forEach(function (f, k) {
        if (k === current) { f.hidden = false; f.classList.add("current"); }
        else { f.hidden = true; f.classList.remove("current"); }
      });
      status.textContent = "Frame " + (current + 1) + " of " + frames.length;
      prev.disabled = current === 0;
      next.disabled = current === frames.length - 1 && !timer;
    }
    function stop() {
      if (timer) { clearInterval(timer); timer = null; }
      play.textContent = "Play";
      play.setAttribute("aria-pressed", "false");
      show(current);
    }
    function start() {
      if (current === frames.length - 1) show(0);
      play.textContent = "Pause";
      play.setAttribute("aria-pressed", "true");
      timer = setInterval(function () {
        if (current >= frames.length - 1) { stop(); return; }
        show(current + 1);
      }, 1600);
    }
    prev.addEventListener("click", function () { stop(); show(current - 1); });
    next.addEventListener("click", function () { stop(); show(current + 1); });
    play.addEventListener("click", function () { if (timer) stop(); else start(); });
    fig.addEventListener("keydown", function (e) {
      if (e.target.tagName === "SUMMARY" || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === "ArrowLeft") { stop(); show(current - 1); e.preventDefault(); }
      else if (e.key === "ArrowRight") { stop(); show(current + 1); e.preventDefault(); }
      else if (e.key === "Home") { stop(); show(0); e.preventDefault(); }
      else if (e.key === "End") { stop(); show(frames.length - 1); e.preventDefault(); }
    });
    show(0);
  }

  // ---- Search over search-index.json (or assets/search-index.js from file://).
  var index = null;
  var loading = null;
  function loadIndex() {
    if (index) return Promise.resolve(index);
    if (loading) return loading;
    loading = fetch(root + "search-index.json")
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .catch(function () {
        return new Promise(function (resolve, reject) {
          if (window.OMWESO_SEARCH_INDEX) { resolve(window.OMWESO_SEARCH_INDEX); return; }
          var s = document.createElement("script");
          s.src = root + "assets/search-index.js";
          s.onload = function () { resolve(window.OMWESO_SEARCH_INDEX || []); };
          s.onerror = reject;
          document.head.appendChild(s);
        });
      })
      .then(function (data) { index = data; return data; });
    return loading;
  }
  function norm(s) { return (s || "").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, ""); }
  function snippet(text, word) {
    var t = norm(text), i = t.indexOf(word);
    if (i < 0) return "";
    var a = Math.max(0, i - 50), b = Math.min(text.length, i + word.length + 70);
    return (a > 0 ? "…" : "") + text.slice(a, b) + (b < text.length ? "…" : "");
  }
  function count(text, w) {
    var n = 0, i = text.indexOf(w);
    while (i >= 0 && n < 10) { n++; i = text.indexOf(w, i + w.length); }
    return n;
  }
  function search(q) {
    var words = norm(q).split(/\s+/).filter(function (w) { return w.length > 1; });
    if (!words.length) return [];
    var whole = words.join(" ");
    var hits = [];
    index.forEach(function (d) {
      var t = norm(d.t), h = norm((d.h || []).join(" ")), x = norm(d.x);
      var score = 0;
      for (var i = 0; i < words.length; i++) {
        var w = words[i], s = 0;
        if (t.indexOf(w) >= 0) s += 20;
        if (h.indexOf(w) >= 0) s += 6;
        s += Math.min(count(x, w), 10);
        if (!s) return;
        score += s;
      }
      if (t === whole) score += 30;
      hits.push({ d: d, score: score });
    });
    hits.sort(function (a, b) { return b.score - a.score || a.d.t.localeCompare(b.d.t); });
    return hits.slice(0, 20).map(function (h) { return h.d; });
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
      var results = search(q);
      status.textContent = results.length + (results.length === 1 ? " result" : " results");
      var first = norm(q).split(/\s+/)[0];
      if (!results.length) {
        var li = document.createElement("li");
        li.textContent = "No results for “" + q + "”";
        list.appendChild(li);
        return;
      }
      results.forEach(function (d) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = root + d.u;
        a.textContent = d.t;
        li.appendChild(a);
        var sn = snippet(d.x || "", first);
        if (sn) {
          var span = document.createElement("span");
          span.className = "snippet";
          span.textContent = sn;
          li.appendChild(span);
        }
        list.appendChild(li);
      });
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

  function init() {
    headingLinks();
    // On a phone the chapter list starts folded, below the header.
    var toggle = document.querySelector(".sidebar-toggle");
    if (toggle && window.matchMedia && window.matchMedia("(max-width: 52rem)").matches) toggle.open = false;
    Array.prototype.forEach.call(document.querySelectorAll("figure.omweso-diagram"), setupDiagram);
    setupSearch();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
