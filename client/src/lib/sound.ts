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

export interface SoundBackend {
  play(name: SoundName): void;
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
    play: (name) => {
      const sound = sounds.get(name);
      if (!sound) return;
      if (name === 'step') sound.stop(); // steps come every 380 ms: never pile them up
      sound.play();
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
  play(name: SoundName): void;
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
  let pending: Array<{ name: SoundName; at: number }> = [];

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
        if (options.enabled) for (const cue of fresh) loaded.play(cue.name);
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
    play(name) {
      if (!options.enabled || options.volume <= 0) return;
      if (state === 'ready' && backend) backend.play(name);
      else if (state === 'loading') pending.push({ name, at: now() });
    },
    configure(next) {
      options = { enabled: next.enabled, volume: Math.min(1, Math.max(0, next.volume)) };
      apply();
    },
  };
}

/** The app's one player. */
export const sound = createSoundPlayer();
