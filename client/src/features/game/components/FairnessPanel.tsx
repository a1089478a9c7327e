import { useState, type FormEvent } from 'react';
import type { FairnessRoll, RevealedSeed } from '@gogo/shared/api';
import { isValidClientSeed, verifyRoll } from '@gogo/shared/fairness';
import { engineText } from '@gogo/shared/messages';
import { tileOnBoard } from '@gogo/shared/rules';
import { gameScreenText } from '@gogo/shared/messages/game';
import { Alert } from '../../../components/Alert';
import { Modal } from '../../../components/Modal';
import { messageForError } from '../../../lib/api/errors';
import { signedGogo } from '../../../game/rollPlan';
import { useFairness, useFairnessRolls, useRotateSeed, useSetClientSeed } from '../api/fairness';
import './FairnessPanel.css';
import { TextField } from '../../../components/TextField';

const ROLLS_SHOWN = 20;
const text = gameScreenText.fairness;

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
      // The level owned on the landed tile at the roll: an upgraded property's reward verifies too.
      boardNumber: roll.boardNumber,
      propertyLevel: roll.propertyLevel,
      // A multiplied roll and the account's first roll (floored at a small gain) verify as recorded.
      multiplier: roll.multiplier,
      firstRoll: roll.firstRoll,
      reward: roll.reward,
    });
    return check.valid ? { kind: 'verified' } : { kind: 'mismatch', reason: check.reason ?? text.doesNotVerify };
  } catch (error) {
    return { kind: 'mismatch', reason: error instanceof Error ? error.message : text.doesNotVerify };
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
    <Modal title={text.title} subtitle={text.subtitle} onClose={onClose} className="fairness-modal">
      {status.isPending ? (
        <p className="panel-sub" role="status">
          {gameScreenText.loading}
        </p>
      ) : status.isError ? (
        <Alert kind="error">{messageForError(status.error)}</Alert>
      ) : (
        <>
          <dl className="fair-grid">
            <div>
              <dt>{text.seedHash}</dt>
              <dd className="mono" data-testid="seed-hash">
                {status.data.serverSeedHash}
              </dd>
            </div>
            <div>
              <dt>{text.nonce}</dt>
              <dd data-testid="nonce">{status.data.nonce}</dd>
            </div>
          </dl>
          <form className="fair-seed" onSubmit={onSave}>
            <TextField
              label={text.clientSeed}
              className="mono-field"
              value={seedValue}
              maxLength={64}
              onChange={(event) => setDraft(event.target.value)}
              hint={seedValid ? text.seedHelp : undefined}
              error={seedValid ? null : engineText.clientSeedInvalid}
              action={
                <button
                  type="submit"
                  className="button button--ghost"
                  disabled={!seedValid || setSeed.isPending || seedValue === status.data.clientSeed}
                >
                  {text.save}
                </button>
              }
            />
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
              {text.rotate}
            </button>
            {rotate.isError ? (
              <p className="form__error" role="alert">
                {messageForError(rotate.error)}
              </p>
            ) : null}
            {revealed ? (
              <p className="panel-sub" data-testid="revealed-seed">
                {text.revealed(revealed.seedIndex, revealed.rollsPlayed)}{' '}
                <span className="mono">{revealed.serverSeed}</span>
              </p>
            ) : null}
          </div>
        </>
      )}

      <h3 className="fair-title">{text.recentRolls}</h3>
      {rolls.isPending ? (
        <p className="panel-sub">{gameScreenText.loading}</p>
      ) : rolls.isError ? (
        <Alert kind="error">{messageForError(rolls.error)}</Alert>
      ) : rolls.data.rolls.length === 0 ? (
        <p className="panel-sub">{text.noRolls}</p>
      ) : (
        <ul className="fair-rolls" data-testid="fair-rolls">
          {rolls.data.rolls.map((roll) => {
            const verdict = verdictFor(roll);
            return (
              <li key={roll.rollId} data-verdict={verdict.kind}>
                <span className="fair-rolls__die" aria-label={text.die(roll.die)}>
                  {roll.die}
                </span>
                <span className="fair-rolls__what">
                  <strong>{tileOnBoard(roll.tileId, roll.boardNumber).name}</strong>
                  <span className="panel-sub">{text.rollLine(roll.nonce, signedGogo(roll.reward))}</span>
                </span>
                <span
                  className={`verdict verdict--${verdict.kind}`}
                  title={verdict.kind === 'mismatch' ? verdict.reason : undefined}
                >
                  {text[verdict.kind]}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p className="rank-note">{text.sealedNote}</p>
    </Modal>
  );
}
