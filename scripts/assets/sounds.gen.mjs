// Game sounds, synthesised from the recipes in assets/sounds/sounds.json into 16-bit mono WAV files
// in client/public/generated/sounds/. Pure arithmetic with a seeded random generator: the same
// recipe always gives the same bytes. Each file must stay under 30 KB.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from './seeded-random.mjs';

/**
 * @typedef {{ type: 'tone', wave: string, freq: number | [number, number], start?: number, dur: number,
 *   attack: number, decay: number, level?: number, cutoff?: number }} ToneLayer
 * @typedef {{ type: 'noise', seed: number, start?: number, dur: number, cutoff: number, attack: number,
 *   decay: number, level?: number }} NoiseLayer
 * @typedef {{ type: 'clicks', seed: number, count: number, start?: number, end: number,
 *   freq: [number, number], length: number, slowdown?: number, level?: number }} ClicksLayer
 * @typedef {ToneLayer | NoiseLayer | ClicksLayer} Layer
 * @typedef {{ sampleRate: number, duration: number, gain: number, layers: Layer[] }} Recipe
 */

export const MAX_BYTES = 30_000; // "under 30 KB", counted in decimal kilobytes to be safe

/**
 * Linear attack, then an exponential fall to -60 dB at `decay`; silent after `dur`.
 * @param {number} t @param {number} attack @param {number} decay @param {number} dur
 */
function envelope(t, attack, decay, dur) {
  if (t < 0 || t > dur) return 0;
  const fadeOut = Math.min(1, (dur - t) / 0.005);
  if (t < attack) return (t / attack) * fadeOut;
  return Math.exp((-6.9 * (t - attack)) / Math.max(decay, 1e-4)) * fadeOut;
}

/** @param {string} wave @param {number} phase 0..1 */
function oscillator(wave, phase) {
  const s = Math.sin(2 * Math.PI * phase);
  switch (wave) {
    case 'sine':
      return s;
    case 'square':
      return Math.tanh(4 * s) * 0.8; // a softened square: fewer harsh harmonics at low sample rates
    case 'triangle':
      return 1 - 4 * Math.abs(Math.round(phase - 0.25) - (phase - 0.25));
    case 'saw':
      return 2 * (phase - Math.floor(phase + 0.5));
    default:
      throw new Error(`Unknown wave ${wave}`);
  }
}

/**
 * One-pole low-pass in place.
 * @param {Float64Array} samples @param {number} cutoff @param {number} rate
 */
function lowPass(samples, cutoff, rate) {
  const k = 1 - Math.exp((-2 * Math.PI * cutoff) / rate);
  let y = 0;
  for (let i = 0; i < samples.length; i += 1) {
    y += k * ((samples[i] ?? 0) - y);
    samples[i] = y;
  }
}

/** @param {ToneLayer} layer @param {number} rate */
function renderTone(layer, rate) {
  const n = Math.ceil(layer.dur * rate);
  const out = new Float64Array(n);
  const [f0, f1] = Array.isArray(layer.freq) ? layer.freq : [layer.freq, layer.freq];
  let phase = 0;
  for (let i = 0; i < n; i += 1) {
    const t = i / rate;
    const freq = f0 * Math.pow(f1 / f0, Math.min(1, t / layer.dur));
    phase = (phase + freq / rate) % 1;
    out[i] = oscillator(layer.wave, phase) * envelope(t, layer.attack, layer.decay, layer.dur);
  }
  if (layer.cutoff) lowPass(out, layer.cutoff, rate);
  return out;
}

/** @param {NoiseLayer} layer @param {number} rate */
function renderNoise(layer, rate) {
  const random = seededRandom(layer.seed);
  const n = Math.ceil(layer.dur * rate);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i += 1) out[i] = random() * 2 - 1;
  lowPass(out, layer.cutoff, rate);
  for (let i = 0; i < n; i += 1)
    out[i] = (out[i] ?? 0) * envelope(i / rate, layer.attack, layer.decay, layer.dur) * 2.5;
  return out;
}

/**
 * A rattle: `count` short knocks from start to end, spreading out as the die slows down.
 * @param {ClicksLayer} layer @param {number} rate
 */
function renderClicks(layer, rate) {
  const random = seededRandom(layer.seed);
  const span = layer.end - (layer.start ?? 0);
  const n = Math.ceil((span + layer.length) * rate);
  const out = new Float64Array(n);
  const [fLow, fHigh] = layer.freq;
  for (let k = 0; k < layer.count; k += 1) {
    const at = span * Math.pow(k / Math.max(1, layer.count - 1), layer.slowdown ?? 1);
    const freq = fLow + (fHigh - fLow) * random();
    const amp = 0.6 + 0.4 * random();
    const startIndex = Math.floor(at * rate);
    const len = Math.floor(layer.length * rate);
    for (let i = 0; i < len && startIndex + i < n; i += 1) {
      const t = i / rate;
      const knock = Math.sin(2 * Math.PI * freq * t) * 0.7 + (random() * 2 - 1) * 0.3;
      out[startIndex + i] = (out[startIndex + i] ?? 0) + knock * amp * Math.exp((-6.9 * t) / layer.length);
    }
  }
  return out;
}

/** @param {Layer} layer @param {number} rate */
function renderLayer(layer, rate) {
  switch (layer.type) {
    case 'tone':
      return renderTone(layer, rate);
    case 'noise':
      return renderNoise(layer, rate);
    case 'clicks':
      return renderClicks(layer, rate);
    default:
      throw new Error(`Unknown layer type ${/** @type {{ type: string }} */ (layer).type}`);
  }
}

/**
 * Renders one recipe to 16-bit PCM samples.
 * @param {Recipe} recipe
 */
export function synthesise(recipe) {
  const rate = recipe.sampleRate;
  const total = Math.ceil(recipe.duration * rate);
  const mix = new Float64Array(total);
  for (const layer of recipe.layers) {
    const samples = renderLayer(layer, rate);
    const offset = Math.floor((layer.start ?? 0) * rate);
    const level = layer.level ?? 1;
    for (let i = 0; i < samples.length && offset + i < total; i += 1)
      mix[offset + i] = (mix[offset + i] ?? 0) + (samples[i] ?? 0) * level;
  }
  let peak = 0;
  for (const s of mix) peak = Math.max(peak, Math.abs(s));
  const scale = peak > 0 ? recipe.gain / peak : 0;
  const pcm = new Int16Array(total);
  for (let i = 0; i < total; i += 1)
    pcm[i] = Math.max(-32768, Math.min(32767, Math.round((mix[i] ?? 0) * scale * 32767)));
  return pcm;
}

/**
 * A RIFF/WAVE file: PCM, mono, 16 bits.
 * @param {Int16Array} pcm @param {number} sampleRate
 */
export function encodeWav(pcm, sampleRate) {
  const dataBytes = pcm.length * 2;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < pcm.length; i += 1) buffer.writeInt16LE(pcm[i] ?? 0, 44 + i * 2);
  return buffer;
}

/** @param {{ root: string, outRoot: string }} dirs */
export async function generate({ root, outRoot }) {
  /** @type {Record<string, Recipe>} */
  const recipes = JSON.parse(readFileSync(join(root, 'assets', 'sounds', 'sounds.json'), 'utf8'));
  const out = join(outRoot, 'sounds');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const hash = createHash('sha256');
  /** @type {Record<string, { file: string, bytes: number, ms: number }>} */
  const sounds = {};
  for (const name of Object.keys(recipes).sort()) {
    if (name.startsWith('$')) continue;
    const recipe = /** @type {Recipe} */ (recipes[name]);
    const wav = encodeWav(synthesise(recipe), recipe.sampleRate);
    if (wav.length > MAX_BYTES) throw new Error(`${name}.wav is ${wav.length} bytes, over the ${MAX_BYTES} limit`);
    writeFileSync(join(out, `${name}.wav`), wav);
    hash.update(wav);
    sounds[name] = { file: `${name}.wav`, bytes: wav.length, ms: Math.round(recipe.duration * 1000) };
  }
  const version = hash.digest('hex').slice(0, 10);
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify({ version, sounds }, null, 2)}\n`);
}
