import type { PlayerEventDto } from '@gogo/shared/api';
import { eventText } from '@gogo/shared/messages';
import { Modal } from '../../../components/Modal';

/** The results card of an event the player won a prize in, shown once when they open the game. */
export function ResultsCard({
  event,
  onCollect,
  busy,
}: {
  event: PlayerEventDto;
  onCollect: () => void;
  busy: boolean;
}) {
  const result = event.result;
  if (!result) return null;
  return (
    <Modal title={eventText.resultsTitle} onClose={onCollect} busy={busy} className="results-card">
      <div className="results-card__body" data-testid="event-results">
        <p className="results-card__rank" aria-hidden="true">
          #{result.rank}
        </p>
        <p>{eventText.resultsBody(event.name, result.rank)}</p>
        <p className="results-card__prize">{eventText.resultsPrize(eventText.prizeValue(result.gogo, result.dice))}</p>
        <button
          type="button"
          className="button button--primary button--block button--large"
          onClick={onCollect}
          disabled={busy}
        >
          {eventText.resultsClose}
        </button>
      </div>
    </Modal>
  );
}
