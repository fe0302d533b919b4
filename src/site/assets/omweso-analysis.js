// The analysis board (analysis.html): set up any position, list every legal
// move with its outcome, step through a move's frames, play moves with undo
// and redo, copy the position or the game as YAML, and let the computer
// answer. The rules engine runs in a Web Worker (omweso.wasm, started by
// OmwesoEngineClient in omweso.js): a move that takes seconds to decide never freezes the page,
// and the reader can stop it. How a move ends and what a position with no
// move means are the engine's sentences (the narrator's, in its answers'
// `text` and `no_move`), shown as they are.
(function () {
  "use strict";
  var app = document.getElementById("analysis");
  if (!app) return;
  var data = JSON.parse(document.getElementById("analysis-data").textContent);
  var assets = new URL("assets/", document.baseURI).href;
  var $ = function (sel) { return app.querySelector(sel); };

  // ---- The engine, in a worker that can be stopped and replaced
  // (OmwesoEngineClient, omweso.js: over http(s) and from disk alike).
  var engine = window.OmwesoEngineClient(assets);
  var ask = engine.ask, stopEngine = engine.stop;

  // ---- The position: grid rows as in position files (North outer first).
  var variants = data.variants;
  var FLAGS = ["first_move", "opponent_first_move", "before_first_capture"];
  function emptyPosition() {
    return { variant: data.default_variant, to_move: "south", board: [[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0]],
      first_move: false, opponent_first_move: false, before_first_capture: false };
  }
  function standardPosition() {
    var p = emptyPosition();
    p.board = [[4,4,4,4,4,4,4,4],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[4,4,4,4,4,4,4,4]];
    p.first_move = true; p.opponent_first_move = true; p.before_first_capture = true;
    return p;
  }
  function copy(p) { return JSON.parse(JSON.stringify(p)); }
  // p's variant with the board, side to move and flags of a position the
  // engine answered with (a move's "after", a set-up's "position")
  function positionFrom(p, answered) {
    var q = copy(p);
    q.board = answered.board;
    q.to_move = answered.to_move;
    FLAGS.forEach(function (f) { q[f] = answered[f]; });
    return q;
  }
  function variantOf(name) { return variants.filter(function (v) { return v.name === name; })[0]; }
  function requestText(command, p, extra) {
    var v = variantOf(p.variant);
    var s = "do " + command + "\nvariant " + v.name + "\n";
    if (v.rules) s += "rules " + v.rules + "\n";
    s += "to_move " + p.to_move + "\nboard " + p.board.map(function (r) { return r.join(" "); }).join(" ") + "\n";
    var flags = FLAGS.filter(function (f) { return p[f]; });
    if (flags.length) s += "flags " + flags.join(" ") + "\n";
    return s + (extra || "");
  }
  // Pit name of grid cell (row, col): North's pits count from North's seat.
  function pitName(r, c) {
    if (r === 0) return "N" + (8 - c);
    if (r === 1) return "N" + (9 + c);
    if (r === 2) return "S" + (16 - c);
    return "S" + (1 + c);
  }
  function sideTotal(p, side) {
    var rows = side === "north" ? [0, 1] : [2, 3], t = 0;
    rows.forEach(function (r) { p.board[r].forEach(function (n) { t += n; }); });
    return t;
  }
  function positionYaml(p) {
    var s = "variant: " + p.variant + "\nto_move: " + p.to_move + "\n";
    FLAGS.forEach(function (f) { if (p[f]) s += f + ": true\n"; });
    var names = ["North outer  (N8 … N1)", "North inner  (N9 … N16)", "South inner  (S16 … S9)", "South outer  (S1 … S8)"];
    s += "board:\n";
    p.board.forEach(function (row, i) { s += "  - [" + row.join(", ") + "]  # " + names[i] + "\n"; });
    return s;
  }
  // A position file's YAML, as `omweso moves` reads it: variant, to_move,
  // the three flags and the board (four rows of eight, block or flow).
  function parseYaml(text) {
    var p = emptyPosition(), rows = [], inBoard = false, seen = {};
    text.split(/\r\n|\r|\n/).forEach(function (raw, i) {
      var line = raw.replace(/\s+#.*$/, "").replace(/^#.*$/, "");
      if (!line.trim()) return;
      var m = /^([a-z_]+):\s*(.*)$/.exec(line);
      if (m) {
        inBoard = false;
        var key = m[1], value = m[2].trim();
        seen[key] = true;
        if (key === "board") {
          if (value) rows = JSON.parse(value);
          else inBoard = true;
        } else if (key === "variant") {
          if (!variantOf(value)) throw new Error("line " + (i + 1) + ": unknown variant " + value + " (this site has " + variants.map(function (v) { return v.name; }).join(", ") + ")");
          p.variant = value;
        } else if (key === "to_move") {
          if (value !== "south" && value !== "north") throw new Error("line " + (i + 1) + ": expected to_move: south or north");
          p.to_move = value;
        } else if (key === "first_move" || key === "opponent_first_move" || key === "before_first_capture") {
          p[key] = value === "true" || value === "yes";
        }
        return;
      }
      var item = /^\s+-\s*(\[.*\])\s*$/.exec(line);
      if (inBoard && item) { rows.push(JSON.parse(item[1])); return; }
      if (!/^\s/.test(line)) throw new Error("line " + (i + 1) + ": expected key: value");
    });
    if (!seen.board) throw new Error("no board: expected board: and four rows of eight numbers");
    if (rows.length !== 4 || rows.some(function (r) { return !Array.isArray(r) || r.length !== 8 || r.some(function (n) { return !(n >= 0 && n === Math.floor(n)); }); }))
      throw new Error("board: expected four rows of eight whole numbers");
    p.board = rows;
    if (sideTotal(p, "south") + sideTotal(p, "north") > 64) throw new Error("board: more than 64 seeds");
    return p;
  }

  // ---- State: the start of the line, the moves played, redo stack.
  var start = standardPosition();
  var line = []; // {notation, text, position (after), over}
  var undone = [];
  var selected = { r: 3, c: 0 };
  function current() { return line.length ? line[line.length - 1].position : start; }
  function editable() { return line.length === 0; }

  // ---- The board: 32 pit buttons.
  var boardEl = $(".an-board");
  var pits = [];
  for (var r = 0; r < 4; r++) {
    var rowEl = document.createElement("div");
    rowEl.className = "an-row" + (r === 2 ? " an-south" : "");
    pits.push([]);
    for (var c = 0; c < 8; c++) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "an-pit";
      b.dataset.r = r; b.dataset.c = c;
      b.innerHTML = '<span class="an-name"></span><span class="an-count"></span>';
      b.addEventListener("click", onPit);
      rowEl.appendChild(b);
      pits[r].push(b);
    }
    boardEl.appendChild(rowEl);
  }
  function onPit(e) {
    var b = e.currentTarget, r = +b.dataset.r, c = +b.dataset.c;
    selected = { r: r, c: c };
    draw();
    if (!editable()) {
      // in play: the moves from this pit, if it is the mover's
      var name = pitName(r, c);
      var mover = current().to_move === "south" ? "S" : "N";
      if (name[0] === mover) showMovesFrom(+name.slice(1));
    }
  }
  boardEl.addEventListener("keydown", function (e) {
    var d = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
    if (d) {
      selected = { r: Math.max(0, Math.min(3, selected.r + d[0])), c: Math.max(0, Math.min(7, selected.c + d[1])) };
      draw(); pits[selected.r][selected.c].focus(); e.preventDefault(); return;
    }
    if (!editable()) return;
    if (/^[0-9]$/.test(e.key)) { setCount(+e.key); e.preventDefault(); }
    else if (e.key === "+" || e.key === "=") { setCount(count() + 1); e.preventDefault(); }
    else if (e.key === "-") { setCount(count() - 1); e.preventDefault(); }
    else if (e.key === "Backspace" || e.key === "Delete") { setCount(0); e.preventDefault(); }
  });
  function count() { return start.board[selected.r][selected.c]; }
  function setCount(n) {
    if (!editable()) return;
    var total = sideTotal(start, "south") + sideTotal(start, "north") - count();
    n = Math.max(0, Math.min(64 - total, n | 0));
    start.board[selected.r][selected.c] = n;
    changed();
  }

  // ---- Controls.
  var variantSel = $(".an-variant"), moverSel = $(".an-mover");
  variants.forEach(function (v) {
    var o = document.createElement("option");
    o.value = v.name; o.textContent = v.title;
    variantSel.appendChild(o);
  });
  variantSel.addEventListener("change", function () { start.variant = variantSel.value; restart(); });
  moverSel.addEventListener("change", function () { start.to_move = moverSel.value; restart(); });
  FLAGS.forEach(function (f) {
    $(".an-flag-" + f).addEventListener("change", function (e) { start[f] = e.target.checked; restart(); });
  });
  $(".an-count-input").addEventListener("change", function (e) { setCount(+e.target.value); });
  $(".an-minus").addEventListener("click", function () { setCount(count() - 1); });
  $(".an-plus").addEventListener("click", function () { setCount(count() + 1); });
  function setupNote(text) { $(".an-setup-note").textContent = text || ""; }
  $(".an-standard").addEventListener("click", function () { var v = start.variant; start = standardPosition(); start.variant = v; setupNote(); restart(); });
  $(".an-clear").addEventListener("click", function () { var v = start.variant; start = emptyPosition(); start.variant = v; setupNote(); restart(); });
  // Both sides' set-ups as the computer's set-up policy draws them (the
  // engine's setup::arrange, from a fresh seed): a game's start.
  var styleWords = {
    checking: "four in each outer pit",
    outer: "one pit a column, mostly in the outer row",
    inner: "one pit a column, mostly in the inner row",
    mixed: "one pit a column, in either row",
    spread: "spread over most pits of both rows"
  };
  $(".an-players").addEventListener("click", function () {
    var seed = Math.floor(Math.random() * 4294967296);
    ask(requestText("setup", start, "seed " + seed + "\n")).then(function (a) {
      start = positionFrom(start, a.position);
      setupNote("Set up as the computer does (seed " + seed + "): South " + styleWords[a.styles.south] +
        "; North " + styleWords[a.styles.north] + ".");
      restart();
    }, function (x) { setupNote("No set-up: " + x.message); });
  });
  $(".an-load").addEventListener("click", function () {
    var err = $(".an-yaml-error");
    try { start = parseYaml($(".an-yaml").value); err.textContent = ""; setupNote(); restart(); }
    catch (x) { err.textContent = x.message; }
  });
  $(".an-copy-position").addEventListener("click", function () { copyText(positionYaml(current()), "Position copied"); });
  $(".an-copy-game").addEventListener("click", function () { copyText(gameYaml(), "Game copied"); });
  $(".an-undo").addEventListener("click", function () { if (line.length) { undone.push(line.pop()); changed(); } });
  $(".an-redo").addEventListener("click", function () { if (undone.length) { line.push(undone.pop()); changed(); } });
  $(".an-stop").addEventListener("click", function () { stopEngine(); status("Stopped."); });
  $(".an-computer").addEventListener("click", computerMove);

  function copyText(text, done) {
    var out = $(".an-yaml");
    out.value = text;
    var ok = function () { status(done + " (also shown below, under Position as YAML)."); };
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(ok, ok); else ok();
    $(".an-yaml-box").open = true;
  }
  function gameYaml() {
    var last = line.length ? line[line.length - 1] : null;
    var s = "id: analysis\nrecord: demonstration\nvariant: " + start.variant + "\nnotes: Played on the analysis board.\nstart:\n";
    s += "  to_move: " + start.to_move + "\n  board:\n";
    start.board.forEach(function (row) { s += "    - [" + row.join(", ") + "]\n"; });
    FLAGS.forEach(function (f) { if (start[f]) s += "  " + f + ": true\n"; });
    s += "moves:\n";
    line.forEach(function (m) { s += "  - " + m.side + m.notation + "\n"; });
    if (!line.length) s += "  []\n";
    s += "result: " + (last && last.result ? last.result : "none") + "\n";
    return s.replace("moves:\n  []\n", "moves: []\n");
  }

  function status(text) { $(".an-status").textContent = text; }
  function restart() { line = []; undone = []; changed(); }
  function changed() {
    stopEngine();
    draw();
    listMoves();
  }

  function draw() {
    var p = current();
    for (var r = 0; r < 4; r++) for (var c = 0; c < 8; c++) {
      var b = pits[r][c], n = p.board[r][c], name = pitName(r, c);
      b.querySelector(".an-name").textContent = name;
      b.querySelector(".an-count").textContent = n ? String(n) : "";
      b.setAttribute("aria-label", name + ": " + n + (n === 1 ? " seed" : " seeds"));
      b.classList.toggle("selected", r === selected.r && c === selected.c);
      b.tabIndex = r === selected.r && c === selected.c ? 0 : -1;
    }
    variantSel.value = start.variant;
    variantSel.disabled = moverSel.disabled = !editable();
    moverSel.value = p.to_move;
    FLAGS.forEach(function (f) {
      var box = $(".an-flag-" + f);
      box.checked = p[f]; box.disabled = !editable();
    });
    app.classList.toggle("an-playing", !editable());
    $(".an-count-input").value = count();
    $(".an-count-input").disabled = $(".an-minus").disabled = $(".an-plus").disabled = !editable();
    $(".an-totals").textContent = "South " + sideTotal(p, "south") + " · North " + sideTotal(p, "north") +
      " · " + (sideTotal(p, "south") + sideTotal(p, "north")) + " of 64 seeds · " + (p.to_move === "south" ? "South" : "North") + " to move";
    $(".an-undo").disabled = !line.length;
    $(".an-redo").disabled = !undone.length;
    var played = $(".an-line");
    played.innerHTML = "";
    line.forEach(function (m, i) {
      var li = document.createElement("li");
      li.textContent = m.side + m.notation + " — " + m.text;
      played.appendChild(li);
    });
    $(".an-line-empty").hidden = line.length > 0;
  }

  // ---- Legal moves, pit by pit (progress, and a stop between pits).
  var moves = [];
  var listing = 0;
  function listMoves() {
    var p = current(), my = ++listing, list = $(".an-moves");
    list.innerHTML = "";
    moves = [];
    $(".an-frames").hidden = true;
    var last = line.length ? line[line.length - 1] : null;
    if (last && last.over) { status("The game is over: " + last.text); return; }
    var progress = $(".an-progress");
    progress.hidden = false; progress.value = 0;
    $(".an-stop").hidden = false;
    status("Deciding every move…");
    var pit = 1, noMove = "";
    function step() {
      if (my !== listing) return;
      if (pit > 16) {
        progress.hidden = true; $(".an-stop").hidden = true;
        if (!moves.length) status(noMove);
        else status(moves.length + (moves.length === 1 ? " legal move." : " legal moves."));
        return;
      }
      ask(requestText("moves", p, "pit " + pit + "\n")).then(function (a) {
        if (my !== listing) return;
        a.moves.forEach(addMove);
        noMove = a.no_move;
        progress.value = pit; pit++;
        step();
      }, function (e) {
        if (my !== listing) return;
        progress.hidden = true; $(".an-stop").hidden = true;
        status(e.message === "stopped" ? "Stopped: the moves listed so far are decided." : "The engine failed: " + e.message);
      });
    }
    step();
  }
  function addMove(m) {
    moves.push(m);
    var side = current().to_move === "south" ? "S" : "N";
    var li = document.createElement("li");
    li.dataset.notation = m.notation;
    li.dataset.pit = m.start_pit;
    var name = document.createElement("code");
    name.textContent = side + m.notation;
    var text = document.createElement("span");
    text.className = "an-outcome";
    text.textContent = " " + m.text + " ";
    var show = document.createElement("button");
    show.type = "button"; show.textContent = "Show"; show.className = "an-show";
    show.addEventListener("click", function () { showMove(m); });
    var play = document.createElement("button");
    play.type = "button"; play.textContent = "Play"; play.className = "an-play";
    play.addEventListener("click", function () { playMove(m); });
    li.appendChild(name); li.appendChild(text); li.appendChild(show); li.appendChild(play);
    $(".an-moves").appendChild(li);
  }
  function showMovesFrom(pit) {
    var items = app.querySelectorAll(".an-moves li");
    Array.prototype.forEach.call(items, function (li) { li.classList.toggle("an-from", +li.dataset.pit === pit); });
    var first = app.querySelector('.an-moves li[data-pit="' + pit + '"]');
    if (first) { first.scrollIntoView({ block: "nearest" }); first.querySelector(".an-show").focus(); }
  }

  // ---- A move's frames.
  var frames = [], frame = 0;
  function showMove(m) {
    var p = current();
    status("Drawing " + m.notation + "…");
    return ask(requestText("play", p, "move " + m.notation + "\n")).then(function (a) {
      frames = a.frames; frame = 0;
      // every frame's words in one place, one shown: the buttons under
      // them stay where they are
      var caption = $(".an-frame-caption");
      caption.textContent = "";
      caption.classList.add("frame-stack");
      frames.forEach(function (f, i) {
        var span = document.createElement("span");
        span.className = "frame";
        span.textContent = (i + 1) + "/" + frames.length + " " + [f.heading].concat(f.words || []).join(" ");
        caption.appendChild(span);
      });
      $(".an-frames").hidden = false;
      $(".an-frames-title").textContent = (p.to_move === "south" ? "S" : "N") + m.notation + ": " + m.text;
      showFrame();
      status("");
      return a;
    }, function (e) { status(e.message === "stopped" ? "Stopped." : "The engine failed: " + e.message); });
  }
  function showFrame() {
    var f = frames[frame];
    $(".an-frame").innerHTML = f.svg;
    Array.prototype.forEach.call($(".an-frame-caption").children, function (c, i) { c.hidden = i !== frame; });
    $(".an-frame-prev").disabled = frame === 0;
    $(".an-frame-next").disabled = frame === frames.length - 1;
  }
  $(".an-frame-prev").addEventListener("click", function () { if (frame > 0) { frame--; showFrame(); } });
  $(".an-frame-next").addEventListener("click", function () { if (frame < frames.length - 1) { frame++; showFrame(); } });

  function playMove(m) {
    var p = current();
    return ask(requestText("play", p, "move " + m.notation + "\n")).then(function (a) {
      var side = p.to_move === "south" ? "S" : "N";
      var entry = { side: side, notation: m.notation, text: m.text, result: m.outcome ? m.outcome.result : null,
        over: !a.after || !!m.outcome, position: null };
      entry.position = a.after ? positionFrom(p, a.after) : copy(p);
      line.push(entry);
      undone = [];
      changed();
    }, function (e) { status(e.message === "stopped" ? "Stopped." : "The engine failed: " + e.message); });
  }

  // ---- The computer: the search player built into the module (alpha-beta
  // with iterative deepening), within the budget of positions chosen.
  function think(text) { $(".an-computer-status").textContent = text; }
  function computerMove() {
    var p = current(), my = listing;
    var last = line.length ? line[line.length - 1] : null;
    if (last && last.over) { think("The game is over."); return; }
    var nodes = Number($(".an-strength").value);
    var side = p.to_move === "south" ? "S" : "N";
    think("The computer is thinking for " + (side === "S" ? "South" : "North") + " (up to " + nodes.toLocaleString("en") + " positions)…");
    $(".an-computer").disabled = true;
    $(".an-computer-stop").hidden = false;
    var settle = function () { $(".an-computer").disabled = false; $(".an-computer-stop").hidden = true; };
    ask(requestText("best", p, "nodes " + nodes + "\n")).then(function (a) {
      settle();
      if (my !== listing) return;
      if (!a.best) { think("No move to play: " + (side === "S" ? "South" : "North") + " has lost."); return; }
      think("The computer played " + side + a.best.notation + ": score " + a.score + " after " +
        a.nodes.toLocaleString("en") + " positions, " + a.depth + (a.depth === 1 ? " ply" : " plies") + " deep" +
        (a.pv.length > 1 ? "; it expects " + a.pv.join(" ") : "") + ".");
      app.dataset.computer = a.best.notation;
      playMove(a.best);
    }, function (e) {
      settle();
      think(e.message === "stopped" ? "Stopped." : "The engine failed: " + e.message);
    });
  }
  $(".an-computer-stop").addEventListener("click", function () { stopEngine(); changed(); });

  var fromHash = /[#&]yaml=([^&]*)/.exec(location.hash);
  if (fromHash) { try { start = parseYaml(decodeURIComponent(fromHash[1])); } catch (x) { /* keep the standard start */ } }
  changed();
  app.dataset.ready = "true";
})();
