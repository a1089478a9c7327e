/**
 * Game sounds through howler, loaded lazily: nothing is fetched and nothing plays until the first
 * user gesture (browsers keep audio locked until then anyway). The files are made by
 * scripts/assets/sounds.gen.mjs.
 */
export const SOUND_NAMES = [
  'roll',
  'step',
  'gain',
  'loss',
  'coin',
  'flip',
  'jackpot',
  'levelup',
  'achievement',
] as const;
export type SoundName = (typeof SOUND_NAMES)[number];

export function soundUrl(name: SoundName): string {
  return `/generated/sounds/${name}.wav`;
}

/** A sound's pitch (playback rate, 1 as recorded) and loudness (0..1 of the master volume). */
export interface SoundTone {
  rate?: number;
  volume?: number;
}

export interface SoundBackend {
  play(name: SoundName, tone?: SoundTone): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
}

/** The real backend: howler, imported on demand. */
export async function loadHowlerBackend(): Promise<SoundBackend> {
  const { Howl, Howler } = await import('howler');
  const sounds = new Map(
    SOUND_NAMES.map((name) => [name, new Howl({ src: [soundUrl(name)], format: ['wav'], preload: true })]),
  );
  return {
    play: (name, tone) => {
      const sound = sounds.get(name);
      if (!sound) return;
      if (name === 'step') sound.stop(); // steps come every 380 ms: never pile them up
      const id = sound.play();
      sound.rate(tone?.rate ?? 1, id);
      sound.volume(tone?.volume ?? 1, id);
    },
    setVolume: (volume) => Howler.volume(volume),
    setMuted: (muted) => Howler.mute(muted),
  };
}

const GESTURES = ['pointerdown', 'keydown', 'touchstart'] as const;
/** A sound asked for while howler was still loading is played if it is at most this old. */
const LATE_PLAY_MS = 400;

export interface SoundPlayer {
  /** Waits for the first gesture on `target`, then loads the sounds. Returns a disarm function. */
  arm(target?: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void;
  play(name: SoundName, tone?: SoundTone): void;
  /** The last sound asked for and its tone (what a test can read; nothing is played twice). */
  readonly last: { name: SoundName; tone: SoundTone } | null;
  configure(options: { enabled: boolean; volume: number }): void;
  readonly state: 'locked' | 'loading' | 'ready' | 'failed';
}

export function createSoundPlayer(
  load: () => Promise<SoundBackend> = loadHowlerBackend,
  now: () => number = () => performance.now(),
): SoundPlayer {
  let state: SoundPlayer['state'] = 'locked';
  let backend: SoundBackend | null = null;
  let options = { enabled: true, volume: 0.7 };
  let pending: Array<{ name: SoundName; tone?: SoundTone; at: number }> = [];
  let last: SoundPlayer['last'] = null;

  const apply = () => {
    if (!backend) return;
    backend.setVolume(options.volume);
    backend.setMuted(!options.enabled);
  };

  const unlock = () => {
    if (state !== 'locked') return;
    state = 'loading';
    load()
      .then((loaded) => {
        backend = loaded;
        state = 'ready';
        apply();
        const fresh = pending.filter((cue) => now() - cue.at <= LATE_PLAY_MS);
        pending = [];
        if (options.enabled) for (const cue of fresh) loaded.play(cue.name, cue.tone);
      })
      .catch((error: unknown) => {
        state = 'failed';
        pending = [];
        console.warn('Sounds are unavailable', error);
      });
  };

  return {
    get state() {
      return state;
    },
    get last() {
      return last;
    },
    arm(target = window) {
      const onGesture = () => {
        for (const type of GESTURES) target.removeEventListener(type, onGesture, true);
        unlock();
      };
      for (const type of GESTURES) target.addEventListener(type, onGesture, true);
      return () => {
        for (const type of GESTURES) target.removeEventListener(type, onGesture, true);
      };
    },
    play(name, tone) {
      last = { name, tone: tone ?? {} };
      if (!options.enabled || options.volume <= 0) return;
      if (state === 'ready' && backend) backend.play(name, tone);
      else if (state === 'loading') pending.push({ name, tone, at: now() });
    },
    configure(next) {
      options = { enabled: next.enabled, volume: Math.min(1, Math.max(0, next.volume)) };
      apply();
    },
  };
}

/** The app's one player. */
export const sound = createSoundPlayer();
