import { useState, type FormEvent } from 'react';
import type { FairnessRoll, RevealedSeed } from '@gogo/shared/api';
import { isValidClientSeed, verifyRoll } from '@gogo/shared/fairness';
import { engineText } from '@gogo/shared/messages';
import { tileAt } from '@gogo/shared/rules';
import { Dialog } from '../../../components/Dialog';
import { messageForError } from '../../../lib/api/errors';
import { signedGogo } from '../../../game/rollPlan';
import { useFairness, useFairnessRolls, useRotateSeed, useSetClientSeed } from '../api/fairness';

const ROLLS_SHOWN = 20;

type Verdict = { kind: 'sealed' } | { kind: 'verified' } | { kind: 'mismatch'; reason: string };

/** Verifies a served roll in the browser with the same pure function the server draws with. */
export function verdictFor(roll: FairnessRoll): Verdict {
  if (!roll.revealed || roll.serverSeed === null) return { kind: 'sealed' };
  try {
    const check = verifyRoll({
      serverSeed: roll.serverSeed,
      serverSeedHash: roll.serverSeedHash,
      clientSeed: roll.clientSeed,
      nonce: roll.nonce,
      from: roll.from,
      die: roll.die,
      rawReward: roll.rawReward,
    });
    return check.valid ? { kind: 'verified' } : { kind: 'mismatch', reason: check.reason ?? 'Does not verify.' };
  } catch (error) {
    return { kind: 'mismatch', reason: error instanceof Error ? error.message : 'Does not verify.' };
  }
}

export function FairnessPanel({
  onClose,
  confirmRotate,
}: {
  onClose: () => void;
  confirmRotate: () => Promise<boolean>;
}) {
  const status = useFairness(true);
  const rolls = useFairnessRolls(ROLLS_SHOWN, true);
  const setSeed = useSetClientSeed();
  const rotate = useRotateSeed();
  const [draft, setDraft] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<RevealedSeed | null>(null);
  const seedValue = draft ?? status.data?.clientSeed ?? '';
  const seedValid = isValidClientSeed(seedValue);

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!seedValid) return;
    setSeed.mutate(seedValue, { onSuccess: () => setDraft(null) });
  };

  const onRotate = async () => {
    if (!(await confirmRotate())) return;
    rotate.mutate(undefined, { onSuccess: (result) => setRevealed(result.revealed) });
  };

  return (
    <Dialog
      title="Provably fair dice"
      subtitle="Every die comes from your secret server seed, your client seed and a counter. Rotate the seed to reveal it and check every roll here, in your browser."
      onClose={onClose}
      className="fairness-modal"
    >
      {status.isPending ? (
        <p className="panel-sub" role="status">
          Loading…
        </p>
      ) : status.isError ? (
        <p className="alert alert--error" role="alert">
          {messageForError(status.error)}
        </p>
      ) : (
        <>
          <dl className="fair-grid">
            <div>
              <dt>Server seed hash (SHA-256)</dt>
              <dd className="mono" data-testid="seed-hash">
                {status.data.serverSeedHash}
              </dd>
            </div>
            <div>
              <dt>Next nonce</dt>
              <dd data-testid="nonce">{status.data.nonce}</dd>
            </div>
          </dl>
          <form className="fair-seed" onSubmit={onSave}>
            <label htmlFor="client-seed">Client seed</label>
            <div className="fair-seed__row">
              <input
                id="client-seed"
                className="mono"
                value={seedValue}
                maxLength={64}
                onChange={(event) => setDraft(event.target.value)}
                aria-invalid={!seedValid}
                aria-describedby="client-seed-help"
              />
              <button
                type="submit"
                className="button button--ghost"
                disabled={!seedValid || setSeed.isPending || seedValue === status.data.clientSeed}
              >
                Save
              </button>
            </div>
            <p id="client-seed-help" className={seedValid ? 'panel-sub' : 'form__error'}>
              {seedValid ? 'Change it whenever you like: it applies from the next roll.' : engineText.clientSeedInvalid}
            </p>
            {setSeed.isError ? (
              <p className="form__error" role="alert">
                {messageForError(setSeed.error)}
              </p>
            ) : null}
          </form>
          <div className="fair-rotate">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void onRotate()}
              disabled={rotate.isPending}
            >
              Rotate seed and reveal
            </button>
            {rotate.isError ? (
              <p className="form__error" role="alert">
                {messageForError(rotate.error)}
              </p>
            ) : null}
            {revealed ? (
              <p className="panel-sub" data-testid="revealed-seed">
                Revealed seed #{revealed.seedIndex} ({revealed.rollsPlayed} rolls):{' '}
                <span className="mono">{revealed.serverSeed}</span>
              </p>
            ) : null}
          </div>
        </>
      )}

      <h3 className="fair-title">Recent rolls</h3>
      {rolls.isPending ? (
        <p className="panel-sub">Loading…</p>
      ) : rolls.isError ? (
        <p className="alert alert--error" role="alert">
          {messageForError(rolls.error)}
        </p>
      ) : rolls.data.rolls.length === 0 ? (
        <p className="panel-sub">No rolls yet.</p>
      ) : (
        <ul className="fair-rolls" data-testid="fair-rolls">
          {rolls.data.rolls.map((roll) => {
            const verdict = verdictFor(roll);
            return (
              <li key={roll.rollId} data-verdict={verdict.kind}>
                <span className="fair-rolls__die" aria-label={`Die ${roll.die}`}>
                  {roll.die}
                </span>
                <span className="fair-rolls__what">
                  <strong>{tileAt(roll.tileId).name}</strong>
                  <span className="panel-sub">
                    nonce {roll.nonce} · {signedGogo(roll.reward)}
                  </span>
                </span>
                <span
                  className={`verdict verdict--${verdict.kind}`}
                  title={verdict.kind === 'mismatch' ? verdict.reason : undefined}
                >
                  {verdict.kind === 'verified' ? '✓ Verified' : verdict.kind === 'sealed' ? 'Sealed' : '✗ Mismatch'}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p className="rank-note">Sealed rolls can be checked once you rotate their seed.</p>
    </Dialog>
  );
}
