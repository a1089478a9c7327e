import { useState } from 'react';
import type { AdminEventDto, EventInput, PrizeRangeDto } from '@gogo/shared/api';
import { eventText } from '@gogo/shared/messages';
import { EVENT_METRICS, eventStatusAt, type EventMetric, type EventRepeat } from '@gogo/shared/rules';
import { Alert } from '../../../components/Alert';
import { DataTable, type Column } from '../../../components/DataTable';
import { EventCard } from '../../../components/EventCard';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
import { useAdminEvents, useCancelEvent, useSaveEvent } from '../api/events';
import { adminErrorText } from '../api/http';

const HOUR = 3_600_000;
/** 'YYYY-MM-DDTHH:mm' in UTC for a datetime-local input (the back office schedules in UTC). */
const toInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const fromInput = (value: string) => new Date(`${value}:00Z`).toISOString();

interface Draft {
  id: number | null;
  name: string;
  metric: EventMetric;
  startsAt: string;
  endsAt: string;
  repeat: '' | EventRepeat;
  maxEntrants: string;
  prizes: PrizeRangeDto[];
}

const blank = (): Draft => {
  const start = Math.ceil(Date.now() / HOUR) * HOUR;
  return {
    id: null,
    name: '',
    metric: 'gogo_won',
    startsAt: toInput(start),
    endsAt: toInput(start + 24 * HOUR),
    repeat: '',
    maxEntrants: '',
    prizes: [{ fromRank: 1, toRank: 1, gogo: 500, dice: 10 }],
  };
};

const fromEvent = (e: AdminEventDto): Draft => ({
  id: e.id,
  name: e.name,
  metric: e.metric,
  startsAt: toInput(Date.parse(e.startsAt)),
  endsAt: toInput(Date.parse(e.endsAt)),
  repeat: e.repeat ?? '',
  maxEntrants: e.maxEntrants === null ? '' : String(e.maxEntrants),
  prizes: e.prizes,
});

function bodyOf(d: Draft): EventInput {
  return {
    name: d.name,
    metric: d.metric,
    startsAt: fromInput(d.startsAt),
    endsAt: fromInput(d.endsAt),
    repeat: d.repeat === '' ? null : d.repeat,
    maxEntrants: d.maxEntrants.trim() === '' ? null : Number(d.maxEntrants),
    prizes: d.prizes,
  };
}

const METRICS = EVENT_METRICS.map((m) => ({ value: m, label: eventText.metric[m] }));
const REPEATS = [
  { value: '', label: 'Once' },
  { value: 'daily', label: 'Every day' },
  { value: 'weekly', label: 'Every week' },
];
const int = (value: string) => (value.trim() === '' ? 0 : Math.trunc(Number(value)));

/** The back office's Events page: schedule, preview, edit before the start, cancel; the list below. */
export function EventsTab() {
  const list = useAdminEvents();
  const save = useSaveEvent();
  const cancel = useCancelEvent();
  const [draft, setDraft] = useState<Draft>(blank);
  const [saved, setSaved] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setPrize = (i: number, patch: Partial<PrizeRangeDto>) =>
    set({ prizes: draft.prizes.map((p, k) => (k === i ? { ...p, ...patch } : p)) });

  const now = Date.now();
  const startsAt = Date.parse(`${draft.startsAt}:00Z`);
  const endsAt = Date.parse(`${draft.endsAt}:00Z`);
  const preview = {
    name: draft.name || 'Untitled event',
    metric: draft.metric,
    startsAt: Number.isFinite(startsAt) ? new Date(startsAt).toISOString() : new Date(now).toISOString(),
    endsAt: Number.isFinite(endsAt) ? new Date(endsAt).toISOString() : new Date(now).toISOString(),
    status:
      Number.isFinite(startsAt) && Number.isFinite(endsAt)
        ? eventStatusAt(now, startsAt, endsAt)
        : ('upcoming' as const),
    joined: false,
    myScore: null,
    myRank: null,
    entrants: 0,
    prizes: draft.prizes,
  };

  const submit = () => {
    setSaved(null);
    save.mutate(
      { id: draft.id, body: bodyOf(draft) },
      {
        onSuccess: (res) => {
          setSaved(draft.id === null ? `Scheduled "${res.event.name}".` : `Saved "${res.event.name}".`);
          setDraft(blank());
        },
      },
    );
  };

  const columns: ReadonlyArray<Column<AdminEventDto>> = [
    { key: 'name', header: 'Event', cell: (e) => `${e.name}${e.round > 1 ? ` (round ${e.round})` : ''}` },
    { key: 'metric', header: 'Metric', cell: (e) => eventText.metric[e.metric] },
    { key: 'starts', header: 'Starts (UTC)', cell: (e) => e.startsAt.slice(0, 16).replace('T', ' '), nowrap: true },
    { key: 'ends', header: 'Ends (UTC)', cell: (e) => e.endsAt.slice(0, 16).replace('T', ' '), nowrap: true },
    { key: 'repeat', header: 'Repeat', cell: (e) => e.repeat ?? 'once' },
    { key: 'status', header: 'Status', cell: (e) => e.status, testId: 'event-status' },
    { key: 'entrants', header: 'Entrants', cell: (e) => e.entrants, numeric: true },
    { key: 'paid', header: 'Prizes paid', cell: (e) => e.prizesPaid, numeric: true },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      cell: (e) =>
        e.status === 'upcoming' || e.status === 'live' ? (
          <span className="admin-actions">
            {e.status === 'upcoming' ? (
              <button type="button" className="button button--ghost admin-small" onClick={() => setDraft(fromEvent(e))}>
                Edit
              </button>
            ) : null}
            <button
              type="button"
              className="button button--ghost admin-small"
              disabled={cancel.isPending}
              onClick={() => {
                if (window.confirm(`Cancel "${e.name}"? It will pay nothing.`)) cancel.mutate(e.id);
              }}
            >
              Cancel
            </button>
          </span>
        ) : null,
    },
  ];

  return (
    <section className="admin-events" aria-label="Events">
      <div className="admin-events__editor">
        <form
          className="admin-events__form"
          onSubmit={(ev) => {
            ev.preventDefault();
            submit();
          }}
        >
          <h2>{draft.id === null ? 'New event' : `Edit event #${draft.id}`}</h2>
          <TextField
            label="Name"
            value={draft.name}
            maxLength={60}
            required
            onChange={(e) => set({ name: e.target.value })}
          />
          <SelectField
            label="Metric"
            options={METRICS}
            value={draft.metric}
            onChange={(e) => set({ metric: e.target.value as EventMetric })}
          />
          <div className="admin-events__pair">
            <TextField
              label="Starts (UTC)"
              type="datetime-local"
              value={draft.startsAt}
              onChange={(e) => set({ startsAt: e.target.value })}
            />
            <TextField
              label="Ends (UTC)"
              type="datetime-local"
              value={draft.endsAt}
              onChange={(e) => set({ endsAt: e.target.value })}
            />
          </div>
          <div className="admin-events__pair">
            <SelectField
              label="Repeat"
              options={REPEATS}
              value={draft.repeat}
              onChange={(e) => set({ repeat: e.target.value as Draft['repeat'] })}
            />
            <TextField
              label="Max entrants"
              inputMode="numeric"
              placeholder="No limit"
              value={draft.maxEntrants}
              onChange={(e) => set({ maxEntrants: e.target.value.replace(/\D/g, '') })}
            />
          </div>
          <fieldset className="admin-events__prizes">
            <legend>Prizes by rank</legend>
            {draft.prizes.map((p, i) => (
              <div className="admin-events__prize" key={i} data-testid="prize-row">
                <TextField
                  label="From rank"
                  inputMode="numeric"
                  value={String(p.fromRank)}
                  onChange={(e) => setPrize(i, { fromRank: int(e.target.value) })}
                />
                <TextField
                  label="To rank"
                  inputMode="numeric"
                  value={String(p.toRank)}
                  onChange={(e) => setPrize(i, { toRank: int(e.target.value) })}
                />
                <TextField
                  label="GOGO"
                  inputMode="numeric"
                  value={String(p.gogo)}
                  onChange={(e) => setPrize(i, { gogo: int(e.target.value) })}
                />
                <TextField
                  label="Dice"
                  inputMode="numeric"
                  value={String(p.dice)}
                  onChange={(e) => setPrize(i, { dice: int(e.target.value) })}
                />
                <button
                  type="button"
                  className="button button--ghost admin-small"
                  onClick={() => set({ prizes: draft.prizes.filter((_, k) => k !== i) })}
                >
                  Remove
                </button>
              </div>
            ))}
            <button
              type="button"
              className="button button--ghost admin-small"
              onClick={() => {
                const last = draft.prizes.at(-1)?.toRank ?? 0;
                set({ prizes: [...draft.prizes, { fromRank: last + 1, toRank: last + 1, gogo: 100, dice: 0 }] });
              }}
            >
              Add a prize range
            </button>
          </fieldset>
          {save.isError ? <Alert kind="error">{adminErrorText(save.error, 'Could not save the event.')}</Alert> : null}
          {saved ? <Alert kind="success">{saved}</Alert> : null}
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {draft.id === null ? 'Schedule event' : 'Save changes'}
            </button>
            {draft.id !== null ? (
              <button type="button" className="button button--ghost" onClick={() => setDraft(blank())}>
                Discard edit
              </button>
            ) : null}
          </div>
        </form>
        <aside className="admin-events__preview" aria-label="Preview">
          <h2>Preview</h2>
          <p className="admin-card__note">What players see in the events hub.</p>
          <EventCard event={preview} now={now} />
        </aside>
      </div>
      {cancel.isError ? (
        <Alert kind="error">{adminErrorText(cancel.error, 'Could not cancel the event.')}</Alert>
      ) : null}
      <DataTable
        label="Events"
        columns={columns}
        rows={list.data ?? []}
        rowKey={(e) => e.id}
        loading={list.isPending}
        error={list.error}
        emptyText="No event scheduled yet."
      />
    </section>
  );
}
