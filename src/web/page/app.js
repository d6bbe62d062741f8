// mark1's web console: draws what the server's frames say and sends the operator's
// actions (docs/web.md). No build step; no host file is read or written.
"use strict";

const $ = (id) => document.getElementById(id);
let ws = null;
let frames = 0;
const state = { h: 0 };

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

// ---- the tubes: a dot for 0, a dash for 1, P0 on the left (Prinz §2) ----
function drawLines(canvas, lines, opts) {
  const ctx = canvas.getContext("2d");
  const w = canvas.width, h = canvas.height;
  ctx.fillStyle = "#061006";
  ctx.fillRect(0, 0, w, h);
  const rows = lines.length + (opts.marker !== undefined ? 1.5 : 0);
  const rh = h / (rows + 0.5);
  const cw = (w - 20) / 20;
  ctx.shadowColor = "#7dff8a";
  ctx.shadowBlur = 5;
  ctx.fillStyle = "#b8ffb8";
  const row = (v, y) => {
    for (let d = 0; d < 20; d++) {
      const x = 10 + d * cw;
      if ((v >>> d) & 1) ctx.fillRect(x + cw * 0.1, y, cw * 0.7, Math.max(1.5, rh * 0.35));
      else ctx.fillRect(x + cw * 0.1, y, Math.max(1.5, rh * 0.35), Math.max(1.5, rh * 0.35));
    }
  };
  lines.forEach((v, i) => row(v, rh * (i + 0.5)));
  if (opts.marker !== undefined) row(opts.marker, rh * (lines.length + 1.2));
  if (opts.mark !== undefined) {
    // the line of the present instruction, marked at the side as on the monitor
    ctx.shadowBlur = 0;
    ctx.fillStyle = "#ffd870";
    ctx.fillRect(2, rh * (opts.mark + 0.5), 5, Math.max(1.5, rh * 0.35));
  }
}

function render(f) {
  frames++;
  f.tubes.forEach((t, i) => {
    if ($("page" + i).value !== String(t.page)) $("page" + i).value = String(t.page);
    const mark = (f.c >> 6) === t.page ? (f.c & 63) : undefined;
    drawLines($("tube" + i), t.lines, { marker: t.marker, mark });
  });
  drawLines($("tubeB"), f.b, {});
  drawLines($("tubeC"), [f.c, f.pi], {});
  drawLines($("tubeA"), f.a, {});
  drawLines($("tubeD"), f.d, {});
  $("instructions").textContent = f.instructions.toLocaleString("en");
  $("beats").textContent = f.beats.toLocaleString("en");
  $("seconds").textContent = f.seconds.toFixed(3) + " s";
  $("transfers").textContent = f.transfers.toLocaleString("en");
  $("stopped").textContent = f.running ? "running" : (f.stopped || "stopped");
  if (f.paper) {
    const p = $("paper");
    p.textContent += f.paper;
    p.scrollTop = p.scrollHeight;
  }
  if (f.h !== state.h) setSwitches(f.h);
  if (f.hoots.length) hoot(f);
  if (window.Modes) Modes.frame(f);
  document.body.dataset.frames = String(frames);
}

// ---- the hooter: each hoot a pulse one beat (240 µs) long, through a 20 Hz high-pass,
// the waveform of `--hoot-wav` (render::hoot_wav) ----
let audio = null;
function hoot(f) {
  if ($("mute").checked || $("speed").value !== "real") return;
  if (!audio) audio = new AudioContext();
  const rate = 48000, beat = 240e-6;
  const len = Math.max(1, Math.ceil(f.frame_beats[1] * beat * rate));
  const buf = audio.createBuffer(1, len, rate);
  const data = buf.getChannelData(0);
  for (const b of f.hoots) {
    const s = Math.floor(b * beat * rate);
    for (let i = s; i < Math.min(len, s + Math.round(beat * rate)); i++) data[i] = 0.5;
  }
  const src = audio.createBufferSource();
  src.buffer = buf;
  const hp = audio.createBiquadFilter();
  hp.type = "highpass";
  hp.frequency.value = 20;
  src.connect(hp).connect(audio.destination);
  src.start();
}

// ---- the console ----
function setSwitches(h) {
  state.h = h;
  for (let i = 0; i < 20; i++) $("sw" + i).checked = ((h >>> i) & 1) === 1;
}

function buildConsole() {
  const sw = $("switches");
  for (let i = 0; i < 20; i++) {
    const l = document.createElement("label");
    const c = document.createElement("input");
    c.type = "checkbox";
    c.id = "sw" + i;
    c.addEventListener("change", () => {
      state.h = c.checked ? (state.h | (1 << i)) >>> 0 : (state.h & ~(1 << i)) >>> 0;
      send({ op: "switch", bit: i, on: c.checked });
    });
    l.appendChild(c);
    l.appendChild(document.createTextNode(String(i)));
    sw.appendChild(l);
  }
  for (const t of [0, 1]) {
    const s = $("page" + t);
    for (let p = 0; p < 8; p++) s.add(new Option(String(p), String(p)));
    s.value = String(t);
    s.addEventListener("change", () => send({ op: "pages", left: +$("page0").value, right: +$("page1").value }));
  }
  // KAC is held while a pointer (mouse, finger, pen) is down on it, or while Space or
  // Enter is held with it focused: pressed on the way down, released on the way up, and
  // held at least KAC_HOLD ms (two frames) so that a quick tap is still a press the
  // machine sees, never a press and a release in one millisecond.
  const KAC_HOLD = 80;
  const kac = $("kac");
  let pressedAt = 0, releasing = null;
  const press = (held) => {
    if (held) {
      if (releasing) { clearTimeout(releasing); releasing = null; }
      if (kac.classList.contains("held")) return;
      pressedAt = performance.now();
      kac.classList.add("held");
      kac.setAttribute("aria-pressed", "true");
      send({ op: "kac", held: true });
    } else if (kac.classList.contains("held") && !releasing) {
      releasing = setTimeout(() => {
        releasing = null;
        kac.classList.remove("held");
        kac.setAttribute("aria-pressed", "false");
        send({ op: "kac", held: false });
      }, Math.max(0, KAC_HOLD - (performance.now() - pressedAt)));
    }
  };
  kac.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    if (kac.setPointerCapture) { try { kac.setPointerCapture(e.pointerId); } catch (_) { /* not captured */ } }
    press(true);
  });
  kac.addEventListener("pointerup", () => press(false));
  kac.addEventListener("pointercancel", () => press(false));
  kac.addEventListener("contextmenu", (e) => e.preventDefault());
  kac.addEventListener("keydown", (e) => {
    if (e.key === " " || e.key === "Enter") { e.preventDefault(); if (!e.repeat) press(true); }
  });
  kac.addEventListener("keyup", (e) => {
    if (e.key === " " || e.key === "Enter") { e.preventDefault(); press(false); }
  });
  kac.addEventListener("blur", () => press(false));
  $("kec").addEventListener("click", () => send({ op: "kec" }));
  $("kcc").addEventListener("click", () => send({ op: "kcc" }));
  $("stopL").addEventListener("change", (e) => send({ op: "stop_switch", which: "L", on: e.target.checked }));
  $("stopG").addEventListener("change", (e) => send({ op: "stop_switch", which: "G", on: e.target.checked }));
  $("run").addEventListener("click", () => send({ op: "run" }));
  $("stop").addEventListener("click", () => send({ op: "stop" }));
  $("step").addEventListener("click", () => send({ op: "step" }));
  $("speed").addEventListener("change", (e) => send({ op: "speed", value: e.target.value }));
}

function note(kind, message) {
  const d = document.createElement("div");
  d.className = kind;
  d.textContent = message;
  const n = $("notes");
  n.prepend(d);
  while (n.children.length > 5) n.lastChild.remove();
  if (window.Modes) Modes.refused(kind, message);
}

function connect() {
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  ws.onopen = () => { $("status").textContent = "connected"; };
  // The server's reason when it closes (the machine busy, a message too big) is shown.
  ws.onclose = (e) => {
    $("status").textContent = e.reason ? "disconnected: " + e.reason : "disconnected (reload the page)";
  };
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === "frame") render(m);
    else if (m.type === "hello") Modes.hello(m);
    else if (m.type === "report") Modes.report(m);
    else note(m.type, m.message);
  };
}

buildConsole();
connect();
