// "Try a move" on every figure of a position: the figure itself becomes
// the board to pick on (the engine's drawing of the position, turned as the
// figure is, its pits named: the request the site wrote on the figure,
// data-position, carries the figure's seat and `labels on`); the reader
// picks any move of the side to move (every legal move is listed too, each
// way round where the rules offer a choice of direction), the engine in the
// page (omweso.wasm in a Web Worker) plays it, and its frames replace the
// figure's in the same box, with Previous, Play and Next as the figure's;
// Reset brings back the documented figure (the page's content, shown
// without JavaScript). Works over http(s) and opened from disk (see
// OmwesoEngineClient in omweso.js).
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  // The grid index (rows North outer, North inner, South inner, South
  // outer, as the position's board line lists them) of pit `n` of `side`.
  function gridIndex(side, n) {
    if (side === "S") return n <= 8 ? 24 + n - 1 : 16 + 16 - n;
    return n <= 8 ? 8 - n : 8 + n - 9;
  }
  // The pits drawn in a figure, by label ("S5"): their centres, read from
  // the diagram's pit numbers (each follows the pit it names, drawn as a
  // circle or a `use` of one, perhaps with its shading between).
  function pitCentres(fig) {
    var out = {};
    Array.prototype.forEach.call(fig.querySelectorAll("text.omw-pitno"), function (t) {
      var label = t.textContent.trim();
      if (out[label]) return;
      var pit = t.previousElementSibling;
      while (pit && !(pit.tagName === "use" || pit.tagName === "circle")) pit = pit.previousElementSibling;
      var x = pit && parseFloat(pit.getAttribute("x") || pit.getAttribute("cx"));
      var y = pit && parseFloat(pit.getAttribute("y") || pit.getAttribute("cy"));
      if (isFinite(x) && isFinite(y)) out[label] = { x: x, y: y };
    });
    return out;
  }
  // Buttons over the mover's pits of a drawn board (`svg`, its pit numbers
  // found in `scope`): focusable, named with their seeds (`counts`, the
  // board line's numbers; `name(label, seeds)` when given, else "Play S5
  // (4 seeds)"), Enter or Space or a click calls `pick(n)`.
  function pickLayer(scope, svg, side, counts, pick, name) {
    var centres = pitCentres(scope);
    var layer = document.createElementNS(NS, "g");
    layer.setAttribute("class", "omw-pick");
    var targets = [];
    for (var n = 1; n <= 16; n++) {
      var label = side + n, c = centres[label];
      if (!c) continue;
      var seeds = counts[gridIndex(side, n)];
      var t = document.createElementNS(NS, "circle");
      t.setAttribute("class", "omw-pick-pit");
      t.setAttribute("cx", c.x);
      t.setAttribute("cy", c.y);
      t.setAttribute("r", 33);
      t.setAttribute("tabindex", "0");
      t.setAttribute("role", "button");
      t.setAttribute("aria-label", name ? name(label, seeds)
        : "Play " + label + (isFinite(seeds) ? " (" + seeds + (seeds === 1 ? " seed)" : " seeds)") : ""));
      t.dataset.pit = String(n);
      t.dataset.label = label;
      t.addEventListener("click", function () { pick(Number(this.dataset.pit)); });
      t.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(Number(this.dataset.pit)); }
      });
      layer.appendChild(t);
      targets.push(t);
    }
    svg.appendChild(layer);
    return targets;
  }
  // the board line's 32 numbers of a request
  function counts(request) {
    return ((request.match(/^board (.*)$/m) || [])[1] || "").split(" ").map(Number);
  }
  // for the puzzle trainer (omweso-puzzle.js) and the analysis board
  // (omweso-analysis.js); the engine's part below
  window.OmwesoTry = { pickLayer: pickLayer, counts: counts, pitCentres: pitCentres };
  if (!window.OmwesoEngineClient || typeof Worker === "undefined") return;
  var script = document.currentScript;
  var assets = script ? new URL(".", script.src).href : "assets/";
  var root = new URL("..", assets).href;
  var engine = window.OmwesoEngineClient(assets);
  var ask = engine.ask, stop = engine.stop;
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }
  function directions(m) {
    return m.choices.length > 1 || m.direction === "clockwise"
      ? " (" + m.choices.map(function (d) { return d === "clockwise" ? "↻" : "↺"; }).join(" ") + ")" : "";
  }
  // The position's YAML for the analysis board, from the request's lines.
  function yaml(request) {
    var f = {};
    request.split("\n").forEach(function (l) { var i = l.indexOf(" "); if (i > 0) f[l.slice(0, i)] = l.slice(i + 1); });
    var n = f.board.split(" ");
    var s = "variant: " + f.variant + "\nto_move: " + f.to_move + "\n";
    (f.flags || "").split(" ").filter(Boolean).forEach(function (x) { s += x + ": true\n"; });
    s += "board:\n";
    for (var r = 0; r < 4; r++) s += "  - [" + n.slice(r * 8, r * 8 + 8).join(", ") + "]\n";
    return s;
  }

  // A frame's words under its board, as in a figure: its number and
  // heading, then what happens (the engine's `heading` and `words`) and
  // the key.
  function words(f, i, n) {
    var box = el("div", "frame-words");
    var first = el("p", "frame-text");
    first.appendChild(el("span", "frame-no", (i + 1) + "/" + n));
    first.appendChild(document.createTextNode(" "));
    if (f.heading) first.appendChild(el("strong", "frame-heading", f.heading));
    var rest = (f.words || []).slice();
    if (rest.length) first.appendChild(document.createTextNode(" " + rest.shift()));
    box.appendChild(first);
    rest.forEach(function (w) { box.appendChild(el("p", "frame-text", w)); });
    // the key: what the board's marks and shading mean (the engine's HTML)
    if (f.key) box.insertAdjacentHTML("beforeend", f.key);
    return box;
  }
  // A drawn board's key alone (the engine's `key`, HTML), as under a
  // figure's frame: for the boards to pick on.
  function keyBox(f) {
    var box = el("div", "frame-words board-key");
    if (f && f.key) box.innerHTML = f.key;
    return box;
  }
  // A played move's frames (the engine's `play` answer) with Previous and
  // Next, as in a static figure: every frame in one place, one shown, so
  // the buttons stay where they are.
  function viewer(a, focus) {
    var wrap = el("div", "try-viewer");
    var n = a.frames.length;
    var list = el("ol", "frames frame-stack try-frame");
    var items = a.frames.map(function (f, i) {
      var li = el("li", "frame");
      li.innerHTML = f.svg;
      li.appendChild(words(f, i, n));
      list.appendChild(li);
      return li;
    });
    var status = el("span", "frame-status");
    status.setAttribute("aria-live", "polite");
    var steps = el("div", "stepper");
    // on a phone the arrows alone (the words stay the buttons' names)
    var prev = el("button", "prev"), nxt = el("button", "next");
    prev.innerHTML = "← <span class=\"step-word\">Previous</span>";
    nxt.innerHTML = "<span class=\"step-word\">Next</span> →";
    var run = el("button", "play", "Play");
    prev.type = nxt.type = run.type = "button";
    run.setAttribute("aria-pressed", "false");
    steps.appendChild(prev); steps.appendChild(run); steps.appendChild(nxt); steps.appendChild(status);
    if (n < 2) run.hidden = true;
    // the figures' stepper (omweso.js); playing stops when the viewer
    // leaves the page (Reset, another move)
    window.OmwesoStepper(items, { prev: prev, play: run, next: nxt, status: status },
      function () { return wrap.isConnected; });
    wrap.appendChild(list); wrap.appendChild(steps);
    if (focus) setTimeout(function () { nxt.focus(); }, 0);
    return wrap;
  }
  window.OmwesoTry.ask = ask;
  window.OmwesoTry.viewer = viewer;
  window.OmwesoTry.keyBox = keyBox;

  function setup(fig) {
    var request = fig.getAttribute("data-position");
    var side = /^to_move north$/m.test(request) ? "N" : "S";
    var mover = side === "S" ? "South" : "North";
    var button = el("button", "try-open", "Try a move");
    button.type = "button";
    var again = el("button", "try-again", "Pick another move");
    again.type = "button";
    again.hidden = true;
    var bar = el("div", "try-bar");
    bar.appendChild(button);
    bar.appendChild(again);
    var link = el("a", "try-analysis");
    // "Analysis board" on a phone, where the row is narrow
    link.innerHTML = "<span class=\"step-word\">Open on the analysis board</span><span class=\"step-short\" aria-hidden=\"true\">Analysis board</span>";
    // the position, and the figure's seat: the analysis board turned as the figure
    var seat = (request.match(/^seat (north|south)$/m) || [])[1];
    link.href = root + "analysis.html#yaml=" + encodeURIComponent(yaml(request)) + (seat ? "&seat=" + seat : "");
    bar.appendChild(link);
    // the documented figure: its frames and their stepper, hidden while the
    // reader tries moves, shown again by Reset
    var frames = fig.querySelector(":scope > .frames");
    var stepper = fig.querySelector(":scope > .stepper");
    fig.insertBefore(bar, stepper ? stepper.nextSibling : fig.querySelector(":scope > figcaption"));
    var panel = null, board = null, stepperHidden = true;

    function reset() {
      stop();
      if (panel) panel.remove();
      if (board) board.remove();
      panel = board = null;
      if (frames) frames.hidden = false;
      if (stepper) stepper.hidden = stepperHidden;
      fig.classList.remove("trying");
      delete fig.dataset.trying;
      again.hidden = true;
      button.textContent = "Try a move";
      button.setAttribute("aria-expanded", "false");
    }
    button.setAttribute("aria-expanded", "false");
    // the arrow keys step the move's frames, as the figure's own
    fig.addEventListener("keydown", function (e) {
      if (!board || e.target.tagName === "SUMMARY" || e.altKey || e.ctrlKey || e.metaKey) return;
      var which = e.key === "ArrowLeft" ? ".prev" : e.key === "ArrowRight" ? ".next" : "";
      var steps = which && board.querySelector(".try-frames:not([hidden]) .stepper");
      var b = steps && steps.querySelector(which);
      if (b && !b.disabled) { b.click(); e.preventDefault(); }
    });
    button.addEventListener("click", function () {
      if (panel) { reset(); button.focus(); return; }
      fig.classList.add("trying");
      fig.dataset.trying = "pick";
      button.textContent = "Reset";
      button.setAttribute("aria-expanded", "true");
      // the figure's box holds one board: the one to pick on, then the
      // move's frames, in the place of the figure's own
      board = el("div", "try-board");
      var lead = el("p", "try-lead", "Pick a pit of " + mover + " on the board, or a move below:");
      var pickBox = el("div", "try-pick");
      var shown = el("div", "try-frames");
      shown.hidden = true;
      board.appendChild(lead);
      board.appendChild(pickBox);
      board.appendChild(shown);
      if (stepper) { stepperHidden = stepper.hidden; stepper.hidden = true; }
      if (frames) { frames.hidden = true; fig.insertBefore(board, frames); }
      else fig.insertBefore(board, bar);
      panel = el("div", "try-panel");
      var status = el("p", "try-status");
      status.setAttribute("role", "status");
      var halt = el("button", "try-stop", "Stop");
      halt.type = "button";
      var list = el("div", "try-moves");
      list.setAttribute("role", "group");
      list.setAttribute("aria-label", "The moves " + mover + " can play");
      panel.appendChild(list);
      panel.appendChild(status);
      panel.appendChild(halt);
      fig.insertBefore(panel, bar.nextSibling);
      var mine = panel;
      var pit = 1, count = 0;
      halt.addEventListener("click", function () { stop(); });
      // back from a move's frames to the board to pick on
      function picking() {
        shown.hidden = true;
        shown.innerHTML = "";
        pickBox.hidden = false;
        lead.hidden = false;
        again.hidden = true;
        fig.dataset.trying = "pick";
        delete panel.dataset.played;
        Array.prototype.forEach.call(list.querySelectorAll(".try-move"), function (x) { x.setAttribute("aria-pressed", "false"); });
      }
      again.onclick = function () {
        picking();
        var t = pickBox.querySelector(".omw-pick-pit");
        if (t) t.focus();
      };
      // the position drawn with its pit numbers, from the figure's seat,
      // its pits to pick
      ask(request.replace("do moves", "do board")).then(function (a) {
        if (panel !== mine) return;
        pickBox.innerHTML = a.frames[0].svg;
        var svg = pickBox.querySelector("svg");
        // what the board's shading means, under it
        pickBox.appendChild(keyBox(a.frames[0]));
        if (svg) pickLayer(pickBox, svg, side, counts(request), pickPit);
        pickBox.classList.add("pickable");
      }, function () { /* the list is enough */ });
      function pickPit(n) {
        var offered = Array.prototype.filter.call(list.querySelectorAll(".try-move"), function (b) {
          var ok = parseInt(b.dataset.notation, 10) === n;
          b.classList.toggle("offered", ok);
          return ok;
        });
        Array.prototype.forEach.call(pickBox.querySelectorAll(".omw-pick-pit"), function (t) {
          t.classList.toggle("chosen", t.dataset.pit === String(n));
        });
        if (offered.length === 1) { offered[0].click(); return; }
        if (offered.length > 1) {
          status.textContent = "From " + side + n + " the rules offer a choice of direction: pick one of the highlighted moves.";
          offered[0].focus();
          return;
        }
        status.textContent = pit <= n && pit <= 16
          ? "Still deciding the moves from " + side + n + "…"
          : "No legal move starts from " + side + n + ".";
      }
      function next() {
        if (panel !== mine) return;
        if (pit > 16) {
          halt.hidden = true;
          status.textContent = count ? "" : "No legal move: " + mover + " has lost.";
          return;
        }
        status.textContent = "Deciding the moves from pit " + pit + " of 16…";
        ask(request + "pit " + pit + "\n").then(function (a) {
          if (panel !== mine) return;
          a.moves.forEach(function (m) {
            count++;
            var b = el("button", "try-move");
            b.type = "button";
            b.dataset.notation = m.notation;
            b.innerHTML = "<strong></strong> <span></span>";
            b.firstChild.textContent = side + m.notation + directions(m);
            b.lastChild.textContent = m.text; // the narrator's words
            b.title = side + m.notation + ": " + m.text;
            b.addEventListener("click", function () { play(m, b); });
            list.appendChild(b);
          });
          pit++;
          next();
        }, function (e) {
          if (panel !== mine) return;
          halt.hidden = true;
          status.textContent = e.message === "stopped" ? "Stopped: the moves listed are decided; Reset and try again for the rest." : "The engine failed: " + e.message;
        });
      }
      function play(m, b) {
        Array.prototype.forEach.call(list.querySelectorAll(".try-move"), function (x) { x.setAttribute("aria-pressed", x === b ? "true" : "false"); });
        status.textContent = "Playing " + side + m.notation + "…";
        ask(request.replace("do moves", "do play") + "move " + m.notation + "\n").then(function (a) {
          if (panel !== mine) return;
          status.textContent = "";
          // the move's frames in the board's place
          shown.innerHTML = "";
          pickBox.hidden = true;
          lead.hidden = true;
          panel.dataset.played = m.notation;
          panel.dataset.after = a.after ? JSON.stringify(a.after.board) : "";
          fig.dataset.trying = "move";
          // after a pick the list is one row of moves (their words in
          // their names and titles): the one played in sight
          list.scrollLeft += b.getBoundingClientRect().left - list.getBoundingClientRect().left - 8;
          shown.appendChild(viewer(a, true));
          shown.hidden = false;
          again.hidden = false;
        }, function (e) {
          if (panel !== mine) return;
          status.textContent = e.message === "stopped" ? "Stopped." : "The engine failed: " + e.message;
        });
      }
      next();
    });
  }

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll("figure.omweso-diagram[data-position]"), setup);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
