// mark1's web console: the modes (docs/web.md, "The page"). Every game of the server's
// `hello` list is a mode, started with the generic `start` op and played with `move`;
// its card says what it is; its board is drawn from the frame's view of the game (the last
// position the program accepted), clicked or driven by the keyboard; any game without a
// picture gets its text board and the move box. Uses `$`, `send` and `note` of app.js.
"use strict";

const Modes = (() => {
  const M = {
    games: [],        // the hello's games: {game, title, short, story, time, how, firsts, positions, fast}
    programs: [],     // the hello's programs
    programCards: [], // the hello's program_cards: {program, title, story, time, how, fast}
    loaded: null,     // what the machine holds: {kind: "game"|"program"|"upload", name, label}
    playing: null,    // the frame's game name
    view: null,       // the view at the program's last wait (the last accepted position)
    live: null,       // the latest view, whatever the program is doing
    yourMove: false,
    over: false,
    path: [],         // squares picked on the board
    cursor: { r: 0, c: 0 },
    lastPaper: "",
  };

  const gameOf = (name) => M.games.find((g) => g.game === name);
  const selected = () => {
    const v = $("program").value || "";
    const i = v.indexOf(":");
    return { kind: v.slice(0, i), name: v.slice(i + 1) };
  };

  // ---- the list of modes ----
  function hello(m) {
    M.games = m.games || [];
    M.programs = m.programs || [];
    M.programCards = m.program_cards || [];
    const s = $("program");
    s.innerHTML = "";
    const games = document.createElement("optgroup");
    games.label = "games (the machine's own programs)";
    for (const g of M.games) games.appendChild(new Option(g.short, "game:" + g.game));
    const progs = document.createElement("optgroup");
    progs.label = "programs";
    for (const p of M.programs) progs.appendChild(new Option(p, "program:" + p));
    s.appendChild(games);
    s.appendChild(progs);
    // The machine starts with the first program offered loaded (or a game started by
    // `--program`: the first frame names it).
    if (!M.loaded && M.programs.length) setLoaded({ kind: "program", name: M.programs[0], label: M.programs[0] });
    showSelected();
  }

  function setLoaded(l) {
    M.loaded = l;
    $("loaded").textContent = "loaded: " + l.label;
    const value = l.kind === "upload" ? "upload:" + l.name : l.kind + ":" + l.name;
    const s = $("program");
    if (l.kind === "upload" && ![...s.options].some((o) => o.value === value)) {
      const o = new Option(l.name + " (uploaded)", value);
      o.disabled = true;
      s.appendChild(o);
    }
    s.value = value;
    document.body.dataset.loaded = l.kind + ":" + l.name;
    showSelected();
  }

  // The card and the start options of the mode chosen in the list.
  function showSelected() {
    const sel = selected();
    const g = sel.kind === "game" ? gameOf(sel.name) : null;
    const pc = !g && sel.kind === "program" ? (M.programCards || []).find((c) => c.program === sel.name) : null;
    $("card-title").textContent = g ? g.title : pc ? pc.title : (sel.kind === "upload" ? sel.name + ", uploaded" : "the program " + sel.name);
    $("card-story").textContent = g ? g.story : pc ? pc.story : "A program for the machine itself: press start to load it, then run. The tubes show the store as its engineers saw it, a dot for 0 and a dash for 1.";
    $("card-time").textContent = g ? g.time : pc ? pc.time : "";
    $("card-how").textContent = g ? g.how : pc ? pc.how : "Press run; prepulse obeys one instruction; the hand switches and KAC are the operator's.";
    const pos = $("position");
    pos.innerHTML = "";
    for (const p of (g && g.positions) || []) pos.add(new Option(p.name, p.position));
    $("position-label").hidden = !(g && g.positions.length > 1);
    $("position-label").firstChild.textContent = g && g.positions.some((p) => p.position.startsWith("strategy")) ? "settings " : "position ";
    const first = $("first");
    first.innerHTML = "";
    const words = { human: "you", machine: "the machine" };
    for (const f of (g && g.firsts) || []) first.add(new Option(words[f] || f, f));
    $("first-label").hidden = !(g && g.firsts.length > 1);
    $("start").textContent = g ? (M.over && M.playing === g.game ? "new game" : "start") : "load";
    $("start").disabled = sel.kind === "upload";
    $("game").hidden = !(g || M.playing);
  }

  function clearForNew() {
    $("paper").textContent = "";
    $("notes").innerHTML = "";
    $("report").innerHTML = "";
    delete $("report").dataset.mate;
    $("refusal").textContent = "";
    $("move").value = "";
    M.view = null;
    M.live = null;
    M.path = [];
    M.yourMove = false;
    M.over = false;
    M.lastPaper = "";
    M.lastMove = null;
  }

  function start() {
    const sel = selected();
    clearForNew();
    if (sel.kind === "game") {
      const g = gameOf(sel.name);
      const msg = { op: "start", game: g.game };
      if ($("first").value) msg.first = $("first").value;
      if ($("position").value) msg.position = $("position").value;
      M.playing = g.game;
      if (g.fast && $("speed").value !== "fast") {
        $("speed").value = "fast";
        send({ op: "speed", value: "fast" });
        note("info", g.short + ": at real speed a move takes hours, as it would have; the speed is set to fast (choose real to see it as it was)");
      }
      send(msg);
      setLoaded({ kind: "game", name: g.game, label: g.title });
      // The story folds away while the game is played, to leave the board room.
      $("card-more").open = false;
      $("game-state").textContent = "starting…";
    } else if (sel.kind === "program") {
      M.playing = null;
      const pc = (M.programCards || []).find((c) => c.program === sel.name);
      if (pc && pc.fast && $("speed").value !== "fast") {
        $("speed").value = "fast";
        send({ op: "speed", value: "fast" });
        note("info", pc.title + ": at real speed it runs for days, as it would have; the speed is set to fast (choose real to see it as it was)");
      }
      send({ op: "load", program: sel.name });
      setLoaded({ kind: "program", name: sel.name, label: sel.name });
    }
    draw();
  }

  function upload(e) {
    const file = e.target.files[0];
    if (!file) return;
    const name = file.name;
    const reader = new FileReader();
    const kind = name.endsWith(".drm") ? "drm" : (name.endsWith(".m1") ? "asm" : "tape");
    const done = () => {
      if (kind === "asm") { clearForNew(); M.playing = null; setLoaded({ kind: "upload", name, label: name + " (uploaded)" }); }
    };
    if (kind === "asm" || name.endsWith(".txt")) {
      reader.onload = () => { done(); send({ op: "upload", kind, name, data: reader.result }); };
      reader.readAsText(file);
    } else {
      reader.onload = () => send({ op: "upload", kind, name, data: reader.result.split(",")[1] || "" });
      reader.readAsDataURL(file);
    }
    e.target.value = "";
  }

  // ---- each frame ----
  function frame(f) {
    const name = f.playing;
    if (!name) {
      if (M.playing && M.loaded && M.loaded.kind === "game") M.playing = null;
      $("game").hidden = selected().kind !== "game";
      document.body.dataset.yourMove = "false";
      return;
    }
    if (!M.loaded || M.loaded.kind !== "game" || M.loaded.name !== name) {
      // A game the server started (`mark1 serve --program draughts`).
      const g = gameOf(name);
      setLoaded({ kind: "game", name, label: g ? g.title : name });
    }
    M.playing = name;
    const v = f[name] || {};
    M.live = v;
    const wasYourMove = M.yourMove, wasOver = M.over;
    M.yourMove = !!v.your_move;
    M.over = !!v.over;
    // The plain board shows the position at the program's last wait: not the positions
    // it tries while it thinks.
    if (M.yourMove || M.over || !M.view) {
      if (M.yourMove || M.over) M.view = v;
    }
    const state = $("game-state");
    if (M.over) state.textContent = "the game is over" + (f.end ? ": " + f.end : "");
    else if (M.yourMove) state.textContent = f.prompt || "your move";
    else state.textContent = f.running ? "the machine is thinking…" : (f.stopped || "stopped");
    // The visitor's move echoed (the programs print only their own).
    if (M.lastMove && !M.over) state.textContent += " (your last move: " + M.lastMove + ")";
    if (name === "draughts" || name === "draughts-1952") {
      const last = lastDraughtsLine(f.paper);
      if (last) state.textContent += " — the paper's " + last.printed + " (Strachey's squares 0-31) is " + last.pdn + " on the board";
    }
    $("game-board").textContent = f.board || "";
    $("game-board").hidden = !["text", "cards"].includes(kindOf(M.live));
    document.body.dataset.yourMove = String(M.yourMove);
    document.body.dataset.over = String(M.over);
    // A program that takes no moves at the keys (Prinz's: its position is on its tape).
    const g = gameOf(name);
    $("move-row").hidden = !!g && g.firsts.length === 0;
    $("move").disabled = !M.yourMove;
    $("play").disabled = !M.yourMove;
    if (M.over !== wasOver) showSelected();
    if (M.yourMove !== wasYourMove || M.over !== wasOver || !M.drawn) { M.path = []; draw(); }
    else if (M.yourMove || M.over) draw();
    $("game").hidden = false;
  }

  // Strachey's program prints squares 0-31 (ours and the original alike): the latest
  // move on the paper, translated to the board's PDN 1-32.
  function lastDraughtsLine(paper) {
    if (paper) M.lastPaper = (M.lastPaper + paper).slice(-2000);
    const lines = M.lastPaper.split(/\r?\n/).filter((l) => /\d+ *- *\d+/.test(l));
    if (!lines.length) return null;
    const moves = lines[lines.length - 1].match(/\d+( *- *\d+)+/g);
    const printed = moves[moves.length - 1].replace(/ +/g, " ");
    const pdn = printed.split("-").map((x) => +x.trim() + 1).join("-");
    return { printed, pdn };
  }

  function report(m) {
    const t = $("report");
    t.innerHTML = "<tr><th>figure</th><th>emulated</th><th>documented</th></tr>";
    for (const r of m.rows || []) {
      const tr = document.createElement("tr");
      for (const c of r) {
        const td = document.createElement("td");
        td.textContent = c;
        tr.appendChild(td);
      }
      t.appendChild(tr);
    }
    t.dataset.mate = String(m.mate);
  }

  // A refusal from the program (or of the text): shown in the game panel with the legal
  // moves where the view lists them.
  function refused(kind, message) {
    if (kind !== "error" || !M.playing) return;
    M.lastMove = null;
    const legal = M.view && M.view.legal;
    $("refusal").textContent = message + (legal && legal.length ? "\nlegal moves: " + legal.join(" ") : "");
  }

  // ---- the boards: each kind a grid the pointer and the keys move over ----
  function kindOf(v) {
    if (!v) return null;
    if (typeof v.fen === "string" && v.numbering === "PDN") return "draughts";
    if (Array.isArray(v.path)) return "knights";
    // A game whose move is one square of a chessboard (Torres Quevedo's machine: the
    // visitor's king), its position a FEN once there is one.
    if (v.squares === "chess squares a1-h8") return "square";
    if (typeof v.fen === "string" && v.fen.split(" ")[0].split("/").length === 8) return "chess";
    if (Array.isArray(v.heaps)) return "nim";
    if (typeof v.board === "string" && v.board.length === 9) return "noughts";
    if (Array.isArray(v.crossings) && v.size) return "bridgit";
    if (typeof v.cards === "string") return "cards";
    return "text";
  }

  const files = "abcdefgh";
  const sq = (r, c) => files[c] + String(8 - r);          // chess: row 0 is rank 8
  const pdnAt = (r, c) => ((r + c) % 2 === 1 ? 4 * r + Math.floor(c / 2) + 1 : 0);
  const pdnSquare = (n) => { const r = Math.floor((n - 1) / 4); return { r, c: 2 * ((n - 1) % 4) + (r % 2 === 0 ? 1 : 0) }; };

  function chessPieces(fen) {
    const out = {};
    (fen || "").split(" ")[0].split("/").forEach((row, r) => {
      let c = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) c += +ch;
        else { out[r * 8 + c] = ch; c++; }
      }
    });
    return out;
  }

  function draughtsPieces(fen) {
    const pieces = {};
    for (const part of (fen || "").split(":").slice(1)) {
      const colour = part[0];
      for (const t of part.slice(1).split(",").filter((x) => x)) {
        pieces[+t.replace("K", "")] = { colour, king: t.startsWith("K") };
      }
    }
    return pieces;
  }

  // The legal moves (strings of squares) that begin with the squares picked.
  function continuing(legal, path, sep) {
    return (legal || []).filter((m) => {
      const s = m.split(sep);
      return path.every((p, i) => s[i] === String(p));
    });
  }

  function grid(kind, v) {
    if (kind === "nim") return { rows: v.heaps.length, cols: Math.max(1, ...v.heaps) };
    if (kind === "noughts") return { rows: 3, cols: 3 };
    if (kind === "bridgit") return { rows: 2 * v.size - 1, cols: 2 * v.size + 1 };
    if (["draughts", "chess", "knights", "square"].includes(kind)) return { rows: 8, cols: 8 };
    return null;
  }

  // Bridg-it's crossings, numbered as Bell's (1 the first of the top row): row r of the
  // 2n-1 rows holds n crossings on even rows (between the machine's crosses, at the odd
  // columns) and n-1 on odd rows (at the even columns 2..2n-2).
  function bridgitNumber(n, r, c) {
    let k = 1;
    for (let i = 0; i < r; i++) k += i % 2 === 0 ? n : n - 1;
    if (r % 2 === 0) return c % 2 === 1 ? k + (c - 1) / 2 : 0;
    return c % 2 === 0 && c >= 2 && c <= 2 * n - 2 ? k + (c - 2) / 2 : 0;
  }

  // What clicking cell (r, c) means: a square picked, or a move to send.
  function pick(r, c) {
    const v = M.view;
    const kind = kindOf(v);
    if (!v || !M.yourMove) return;
    let move = null;
    if (kind === "nim") {
      const h = v.heaps[r];
      if (c < h) move = String.fromCharCode(65 + r) + ":" + (h - c);
    } else if (kind === "noughts") {
      if (v.board[3 * r + c] === ".") move = String(3 * r + c + 1);
    } else if (kind === "bridgit") {
      const k = bridgitNumber(v.size, r, c);
      if (k && !v.crossings[k - 1]) move = String(k);
    } else if (kind === "knights" || kind === "square") {
      move = sq(r, c);
    } else if (kind === "draughts") {
      const n = pdnAt(r, c);
      if (!n) return;
      const legal = (v.legal || []).map((m) => m.replace(/x/g, "-"));
      let path = M.path.concat([n]);
      if (!continuing(legal, path, "-").length) path = [n];
      if (!continuing(legal, path, "-").length && legal.length) { M.path = []; draw(); return; }
      M.path = path;
      const full = legal.filter((m) => m === path.join("-"));
      const longer = continuing(legal, path, "-").filter((m) => m.split("-").length > path.length);
      $("move").value = path.join("-");
      if (full.length && !longer.length) move = (v.legal || [])[legal.indexOf(full[0])];
    } else if (kind === "chess") {
      const s = sq(r, c);
      const legal = v.legal;
      if (!legal) {
        M.path = M.path.length === 1 ? [M.path[0], s] : [s];
        $("move").value = M.path.join("");
      } else if (M.path.length === 1 && legal.some((m) => m.startsWith(M.path[0] + s))) {
        const ms = legal.filter((m) => m.startsWith(M.path[0] + s));
        move = ms.find((m) => m.length === 4 || m.endsWith("q")) || ms[0];
      } else if (legal.some((m) => m.startsWith(s))) {
        M.path = [s];
        $("move").value = s;
      } else M.path = [];
    }
    if (move) {
      $("move").value = move;
      enter();
    } else draw();
  }

  function enter() {
    const text = $("move").value.trim();
    if (!text) return;
    $("refusal").textContent = "";
    send({ op: "move", text });
    M.lastMove = text;
    M.path = [];
    $("move").value = "";
    draw();
  }

  function targets(kind, v) {
    const out = new Set();
    if (!v || !M.yourMove) return out;
    if (kind === "draughts") {
      const legal = (v.legal || []).map((m) => m.replace(/x/g, "-"));
      const cont = M.path.length ? continuing(legal, M.path, "-") : legal;
      for (const m of cont) {
        const s = m.split("-");
        if (s.length > M.path.length) out.add("d" + s[M.path.length]);
      }
    } else if (kind === "square" && v.legal) {
      for (const m of v.legal) out.add(m);
    } else if (kind === "chess" && v.legal) {
      for (const m of v.legal) {
        if (M.path.length === 1 && m.startsWith(M.path[0])) out.add(m.slice(2, 4));
        if (!M.path.length) out.add(m.slice(0, 2));
      }
    }
    return out;
  }

  function draw() {
    M.drawn = true;
    const cv = $("board");
    const v = M.view || M.live;
    const kind = kindOf(v);
    const g = grid(kind, v || {});
    cv.hidden = !g;
    $("choices").innerHTML = "";
    if (kind === "cards") drawCards(v);
    drawBoxes(v);
    document.body.dataset.board = kind || "";
    if (!g) return;
    const ctx = cv.getContext("2d");
    const W = cv.width, H = cv.height;
    const qw = W / g.cols, qh = H / g.rows;
    ctx.clearRect(0, 0, W, H);
    ctx.fillStyle = "#10140f";
    ctx.fillRect(0, 0, W, H);
    // Before the program's first wait: the game's own view, but for draughts, whose view
    // is read off the tube while the machine tries positions (the start drawn instead).
    const accepted = M.view || (kind === "draughts" ? null : M.live);
    const lit = targets(kind, accepted);
    const cell = (r, c, colour) => { ctx.fillStyle = colour; ctx.fillRect(c * qw, r * qh, qw, qh); };
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    if (["draughts", "chess", "knights", "square"].includes(kind)) {
      const pieces = kind === "draughts" ? draughtsPieces(accepted ? accepted.fen : "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
        : kind === "chess" || kind === "square" ? chessPieces(accepted && accepted.fen) : {};
      const tour = {};
      if (kind === "knights" && accepted) accepted.path.forEach((s, i) => { tour[s] = i + 1; });
      for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) {
        const dark = (r + c) % 2 === 1;
        cell(r, c, dark ? "#8a5a30" : "#eadfc0");
        const n = pdnAt(r, c);
        const name = sq(r, c);
        const key = kind === "draughts" ? "d" + n : name;
        const picked = kind === "draughts" ? M.path.includes(n) : M.path.includes(name);
        if (picked) cell(r, c, "#c89a20");
        else if (lit.has(key)) cell(r, c, dark ? "#3f7a3a" : "#9fd39a");
        const x = c * qw + qw / 2, y = r * qh + qh / 2;
        if (kind === "draughts") {
          const p = pieces[n];
          if (p) {
            ctx.beginPath();
            ctx.arc(x, y, qw * 0.38, 0, 2 * Math.PI);
            ctx.fillStyle = p.colour === "B" ? "#151515" : "#f4f0e4";
            ctx.fill();
            ctx.strokeStyle = p.colour === "B" ? "#999" : "#333";
            ctx.stroke();
            if (p.king) { ctx.fillStyle = "#d4a020"; ctx.font = "bold " + Math.round(qw * 0.4) + "px sans-serif"; ctx.fillText("K", x, y); }
          }
          if (n) { ctx.fillStyle = "#f0e6c8"; ctx.font = Math.round(qw * 0.24) + "px sans-serif"; ctx.fillText(String(n), c * qw + qw * 0.2, r * qh + qh * 0.18); }
        } else if (kind === "chess" || kind === "square") {
          const p = pieces[r * 8 + c];
          if (p) {
            // A disc of the piece's colour with its figure in the other: the colour
            // reads whatever font draws the chess figures.
            const white = p === p.toUpperCase();
            const glyph = { k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" }[p.toLowerCase()];
            ctx.beginPath();
            ctx.arc(x, y, qw * 0.42, 0, 2 * Math.PI);
            ctx.fillStyle = white ? "#f4f0e4" : "#151515";
            ctx.fill();
            ctx.lineWidth = 1.5;
            ctx.strokeStyle = white ? "#333" : "#bbb";
            ctx.stroke();
            ctx.font = Math.round(qw * 0.6) + "px 'DejaVu Sans', sans-serif";
            ctx.fillStyle = white ? "#151515" : "#f4f0e4";
            ctx.fillText(glyph, x, y + qh * 0.03);
          }
        } else if (tour[name]) {
          ctx.fillStyle = tour[name] === accepted.path.length ? "#b02020" : (dark ? "#fff" : "#222");
          ctx.font = Math.round(qw * 0.38) + "px sans-serif";
          ctx.fillText(String(tour[name]), x, y);
        }
        if (r === 7 && kind !== "draughts") { ctx.fillStyle = dark ? "#eadfc0" : "#8a5a30"; ctx.font = Math.round(qw * 0.2) + "px sans-serif"; ctx.fillText(files[c], c * qw + qw * 0.88, r * qh + qh * 0.86); }
        if (c === 0 && kind !== "draughts") { ctx.fillStyle = dark ? "#eadfc0" : "#8a5a30"; ctx.font = Math.round(qw * 0.2) + "px sans-serif"; ctx.fillText(String(8 - r), qw * 0.1, r * qh + qh * 0.16); }
      }
    } else if (kind === "nim") {
      accepted.heaps.forEach((h, r) => {
        // The heap's letter, as the programme names it (A first), and its count.
        ctx.fillStyle = "#d8d4c8";
        ctx.font = Math.round(Math.min(qh * 0.3, 14)) + "px sans-serif";
        ctx.fillText(String.fromCharCode(65 + r) + " " + h, Math.min(qw * 0.2, 16), r * qh + qh * 0.92);
        for (let c = 0; c < h; c++) {
          ctx.fillStyle = "#e8d8a0";
          ctx.fillRect(c * qw + qw * 0.4, r * qh + qh * 0.2, qw * 0.2, qh * 0.6);
          ctx.fillStyle = "#c03020";
          ctx.fillRect(c * qw + qw * 0.35, r * qh + qh * 0.12, qw * 0.3, qh * 0.14);
        }
      });
    } else if (kind === "noughts") {
      ctx.strokeStyle = "#d8d4c8";
      ctx.lineWidth = 3;
      for (let i = 1; i < 3; i++) {
        ctx.beginPath(); ctx.moveTo(i * qw, 6); ctx.lineTo(i * qw, H - 6); ctx.stroke();
        ctx.beginPath(); ctx.moveTo(6, i * qh); ctx.lineTo(W - 6, i * qh); ctx.stroke();
      }
      ctx.font = Math.round(qh * 0.7) + "px sans-serif";
      for (let i = 0; i < 9; i++) {
        const ch = accepted ? accepted.board[i] : ".";
        const r = Math.floor(i / 3), c = i % 3;
        if (ch === ".") { ctx.fillStyle = "#555"; ctx.font = Math.round(qh * 0.25) + "px sans-serif"; ctx.fillText(String(i + 1), c * qw + qw / 2, r * qh + qh / 2); ctx.font = Math.round(qh * 0.7) + "px sans-serif"; continue; }
        ctx.fillStyle = ch === "x" ? "#ffb070" : "#a0d0ff";
        ctx.fillText(ch === "x" ? "X" : "O", c * qw + qw / 2, r * qh + qh / 2);
      }
    } else if (kind === "bridgit") {
      const n = accepted.size;
      // The machine's crosses on the even rows at the even columns; the visitor's circles
      // on the odd rows at the odd columns, with a row of them above and below.
      ctx.fillStyle = "#ffb070";
      for (let r = 0; r < g.rows; r += 2) for (let c = 0; c < g.cols; c += 2) ctx.fillRect(c * qw + qw * 0.3, r * qh + qh * 0.3, qw * 0.4, qh * 0.4);
      ctx.fillStyle = "#a0d0ff";
      for (let r = -1; r <= g.rows; r += 2) for (let c = 1; c < g.cols; c += 2) {
        ctx.beginPath(); ctx.arc(c * qw + qw / 2, r * qh + qh / 2, qw * 0.2, 0, 2 * Math.PI); ctx.fill();
      }
      for (let r = 0; r < g.rows; r++) for (let c = 0; c < g.cols; c++) {
        const k = bridgitNumber(n, r, c);
        if (!k) continue;
        const o = accepted.crossings[k - 1];
        const x = c * qw + qw / 2, y = r * qh + qh / 2;
        ctx.lineWidth = 4;
        // A crossing between two crosses (left-right on even rows, up-down on odd rows)
        // or two circles (the other way).
        const crossesHorizontal = r % 2 === 0;
        if (o === "machine") {
          ctx.strokeStyle = "#ffb070";
          ctx.beginPath();
          if (crossesHorizontal) { ctx.moveTo(x - qw, y); ctx.lineTo(x + qw, y); } else { ctx.moveTo(x, y - qh); ctx.lineTo(x, y + qh); }
          ctx.stroke();
        } else if (o === "you") {
          ctx.strokeStyle = "#a0d0ff";
          ctx.beginPath();
          if (crossesHorizontal) { ctx.moveTo(x, y - qh); ctx.lineTo(x, y + qh); } else { ctx.moveTo(x - qw, y); ctx.lineTo(x + qw, y); }
          ctx.stroke();
        } else {
          ctx.fillStyle = "#777";
          ctx.font = Math.round(qh * 0.3) + "px sans-serif";
          ctx.fillText(String(k), x, y);
        }
      }
    }
    // The keyboard's cursor.
    if (document.activeElement === cv) {
      ctx.strokeStyle = "#ff4040";
      ctx.lineWidth = 3;
      ctx.strokeRect(M.cursor.c * qw + 2, M.cursor.r * qh + 2, qw - 4, qh - 4);
    }
    cv.setAttribute("aria-label", boardLabel(kind, accepted));
  }

  // The board in words, for a screen reader.
  function boardLabel(kind, v) {
    const head = "the board, " + (M.yourMove ? "your move" : (M.over ? "the game is over" : "the machine's turn")) + "; arrow keys move, Enter picks";
    if (!v) return head;
    if (kind === "chess" || kind === "draughts" || kind === "square") return head + ": " + (v.fen || "no pieces yet");
    if (kind === "nim") return head + ": heaps " + v.heaps.join(", ");
    if (kind === "noughts") return head + ": " + v.board;
    if (kind === "knights") return head + ": " + v.path.join(" ");
    return head;
  }

  // MENACE's matchboxes (its view's boxes_used: the boxes it drew from this game, the
  // last the box in play), each its position as MENACE files it (up to the square's
  // symmetries, X its own) with the beads of each free cell as the drum holds them, the
  // cell it drew ringed. Nothing for other games.
  function drawBoxes(v) {
    let box = $("menace-boxes");
    const used = v && Array.isArray(v.boxes_used) ? v.boxes_used : null;
    if (!used) { if (box) box.remove(); return; }
    if (!box) {
      box = document.createElement("div");
      box.id = "menace-boxes";
      box.setAttribute("aria-label", "MENACE's matchboxes used this game");
      box.style.cssText = "font-size:0.8em;margin:0.3em 0;";
      $("board").insertAdjacentElement("afterend", box);
    }
    box.textContent = "";
    const head = document.createElement("div");
    head.textContent = "MENACE's boxes this game (" + (v.boxes_made || 0) + " on the drum; beads per free cell, the one drawn ringed):";
    box.appendChild(head);
    used.forEach((b, i) => {
      const t = document.createElement("table");
      t.className = "menace-box" + (i === used.length - 1 ? " in-play" : "");
      t.dataset.box = String(b.box);
      t.style.cssText = "display:inline-table;border-collapse:collapse;margin:0.2em 0.5em 0.2em 0;"
        + "background:#3a2a14;color:#f4ecd0;border:2px solid " + (i === used.length - 1 ? "#ffd870" : "#7a5a30") + ";";
      const cap = document.createElement("caption");
      cap.textContent = "box " + b.box + (i === used.length - 1 ? " (in play)" : "");
      cap.style.cssText = "caption-side:bottom;font-size:0.9em;";
      t.appendChild(cap);
      for (let r = 0; r < 3; r++) {
        const tr = document.createElement("tr");
        for (let c = 0; c < 3; c++) {
          const k = 3 * r + c, td = document.createElement("td");
          const m = b.position[k];
          td.textContent = m === "." ? String(b.beads[k]) : m.toUpperCase();
          td.style.cssText = "width:1.7em;height:1.5em;text-align:center;border:1px solid #7a5a30;"
            + (m === "." ? "" : "color:#c0a080;")
            + (b.drawn === k + 1 ? "outline:2px solid #ffd870;outline-offset:-3px;font-weight:bold;" : "");
          tr.appendChild(td);
        }
        t.appendChild(tr);
      }
      box.appendChild(t);
    });
  }

  // Guess It: the cards as buttons (ask, guess), or yes and no.
  function drawCards(v) {
    const box = $("choices");
    const button = (label, move) => {
      const b = document.createElement("button");
      b.textContent = label;
      b.disabled = !M.yourMove;
      b.dataset.move = move;
      b.addEventListener("click", () => { $("move").value = move; enter(); });
      box.appendChild(b);
    };
    if (!v) return;
    const hand = new Set(v.your_hand || []);
    if (v.waiting_for === "answer") {
      box.appendChild(document.createTextNode("the machine asks: do you have " + v.card_asked + "? "));
      button("yes", "yes");
      button("no", "no");
    } else {
      const others = v.cards.split(" ").filter((c) => !hand.has(c));
      const ask = document.createElement("div");
      ask.append("ask for: ");
      box.appendChild(ask);
      for (const c of others) button(c, c);
      box.appendChild(document.createElement("br"));
      box.append("or guess the hidden card: ");
      for (const c of others) button("guess " + c, "guess " + c);
    }
  }

  // ---- the board by pointer and keyboard ----
  function cellAt(e) {
    const cv = $("board");
    const v = M.view || M.live;
    const g = grid(kindOf(v), v || {});
    if (!g) return null;
    const rect = cv.getBoundingClientRect();
    const c = Math.floor((e.clientX - rect.left) / (rect.width / g.cols));
    const r = Math.floor((e.clientY - rect.top) / (rect.height / g.rows));
    if (r < 0 || c < 0 || r >= g.rows || c >= g.cols) return null;
    return { r, c };
  }

  function init() {
    $("program").addEventListener("change", () => { $("card-more").open = true; showSelected(); });
    $("start").addEventListener("click", start);
    $("upload").addEventListener("change", upload);
    $("play").addEventListener("click", enter);
    $("clear").addEventListener("click", () => { M.path = []; $("move").value = ""; draw(); });
    $("move").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); enter(); } });
    const cv = $("board");
    cv.addEventListener("click", (e) => {
      const at = cellAt(e);
      if (at) { M.cursor = at; pick(at.r, at.c); }
    });
    cv.addEventListener("keydown", (e) => {
      const v = M.view || M.live;
      const g = grid(kindOf(v), v || {});
      if (!g) return;
      const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
      if (d) {
        e.preventDefault();
        M.cursor = { r: Math.min(g.rows - 1, Math.max(0, M.cursor.r + d[0])), c: Math.min(g.cols - 1, Math.max(0, M.cursor.c + d[1])) };
        draw();
      } else if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        pick(M.cursor.r, M.cursor.c);
      } else if (e.key === "Escape") {
        M.path = [];
        draw();
      }
    });
    cv.addEventListener("focus", draw);
    cv.addEventListener("blur", draw);
    draw();
  }

  // The board's grid (rows, columns) as drawn now, for tests that click its cells.
  function gridNow() {
    const v = M.view || M.live;
    return grid(kindOf(v), v || {});
  }

  init();
  return { hello, frame, report, refused, state: M, grid: gridNow, kind: () => kindOf(M.view || M.live) };
})();

window.Modes = Modes;
