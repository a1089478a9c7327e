import { useEffect, useMemo, useState } from 'react';
import type { Friend, FriendRequest, SearchResult } from '@gogo/shared/api';
import { historyText } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { Avatar } from '../../../components/Avatar';
import { TextField } from '../../../components/TextField';
import { messageForError } from '../../../lib/api/errors';
import { useSession } from '../../../lib/session';
import { useFriendRequests, useFriends, useRemoveFriend, useRespond, useSearchPlayers, useSendRequest } from './api';
import { describePresence } from './presence';
import { liveResult } from './liveResult';
import './friends.css';

const SEARCH_DELAY_MS = 300;

/** My Account > Friends: find players, answer requests, and see friends with their online status. */
export function FriendsPanel() {
  const { user } = useSession();
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;
  return (
    <div className="account-section friends">
      {error ? <Alert kind="error">{error}</Alert> : null}
      <PlayerSearch userId={user.id} onError={setError} />
      <Requests userId={user.id} onError={setError} />
      <FriendList userId={user.id} onError={setError} />
    </div>
  );
}

type OnError = (message: string | null) => void;

function useDebounced(value: string, delay: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

function PlayerSearch({ userId, onError }: { userId: number; onError: OnError }) {
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const search = useSearchPlayers(query);
  const friendList = useFriends(userId);
  const requests = useFriendRequests(userId);
  const friendIds = useMemo(
    () => (friendList.data ? new Set(friendList.data.friends.map((f) => f.id)) : null),
    [friendList.data],
  );
  const pendingIds = useMemo(
    () => (requests.data ? new Set([...requests.data.incoming, ...requests.data.outgoing].map((r) => r.id)) : null),
    [requests.data],
  );
  const results = (query ? (search.data?.results ?? []) : []).map((r) => liveResult(r, friendIds, pendingIds));
  return (
    <section className="account-card" aria-labelledby="friends-search-title">
      <h2 id="friends-search-title">Find players</h2>
      <TextField
        label="Search by username"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="e.g. lucky_roller"
        maxLength={40}
        autoComplete="off"
        spellCheck={false}
      />
      {search.isError ? (
        <p className="form__error" role="alert">
          {messageForError(search.error)}
        </p>
      ) : null}
      {query && search.data && results.length === 0 ? (
        <p className="account-empty">No players found for “{query}”.</p>
      ) : null}
      {results.length > 0 ? (
        <ul className="people" aria-label="Search results">
          {results.map((r) => (
            <SearchRow key={r.id} result={r} onError={onError} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function SearchRow({ result, onError }: { result: SearchResult; onError: OnError }) {
  const send = useSendRequest();
  const respond = useRespond();
  const busy = send.isPending || respond.isPending;
  const fail = (err: unknown) => onError(messageForError(err));
  let action;
  if (result.isFriend) action = <span className="chip people__status">Friends</span>;
  else if (result.friendRequest?.direction === 'outgoing') {
    action = (
      <button
        type="button"
        className="button button--ghost"
        disabled={busy}
        onClick={() => respond.mutate({ id: result.friendRequest!.id, response: 'cancel' }, { onError: fail })}
      >
        Cancel request
      </button>
    );
  } else if (result.friendRequest?.direction === 'incoming') {
    action = (
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        onClick={() => respond.mutate({ id: result.friendRequest!.id, response: 'accept' }, { onError: fail })}
      >
        Accept
      </button>
    );
  } else {
    action = (
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        onClick={() => {
          onError(null);
          send.mutate(result.id, { onError: fail });
        }}
      >
        {send.isPending ? 'Sending...' : 'Add friend'}
      </button>
    );
  }
  return (
    <li className="people__row">
      <Avatar url={result.avatarUrl} name={result.username} />
      <span className="people__who">
        <span className="people__name">{result.username}</span>
        <span className="people__meta">{result.level === null ? 'Friends-only profile' : `Level ${result.level}`}</span>
      </span>
      <span className="people__actions">{action}</span>
    </li>
  );
}

function Requests({ userId, onError }: { userId: number; onError: OnError }) {
  const requests = useFriendRequests(userId);
  const incoming = requests.data?.incoming ?? [];
  const outgoing = requests.data?.outgoing ?? [];
  return (
    <section className="account-card" aria-labelledby="friends-requests-title">
      <h2 id="friends-requests-title">
        Friend requests{' '}
        {incoming.length > 0 ? (
          <span className="friends-badge" aria-label={`${incoming.length} new`}>
            {incoming.length}
          </span>
        ) : null}
      </h2>
      {requests.isError ? (
        <p className="form__error" role="alert">
          {messageForError(requests.error)}
        </p>
      ) : requests.isPending ? (
        <p className="account-empty">{historyText.loading}</p>
      ) : incoming.length === 0 && outgoing.length === 0 ? (
        <p className="account-empty">No pending requests.</p>
      ) : (
        <>
          {incoming.length > 0 ? (
            <>
              <h3 className="friends-subtitle">Received</h3>
              <ul className="people" aria-label="Received requests">
                {incoming.map((r) => (
                  <RequestRow key={r.id} request={r} incoming onError={onError} />
                ))}
              </ul>
            </>
          ) : null}
          {outgoing.length > 0 ? (
            <>
              <h3 className="friends-subtitle">Sent</h3>
              <ul className="people" aria-label="Sent requests">
                {outgoing.map((r) => (
                  <RequestRow key={r.id} request={r} incoming={false} onError={onError} />
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

function RequestRow({ request, incoming, onError }: { request: FriendRequest; incoming: boolean; onError: OnError }) {
  const respond = useRespond();
  const other = incoming ? request.from : request.to;
  const answer = (response: 'accept' | 'decline' | 'cancel') => {
    onError(null);
    respond.mutate({ id: request.id, response }, { onError: (err) => onError(messageForError(err)) });
  };
  return (
    <li className="people__row">
      <Avatar url={other.avatarUrl} name={other.username} />
      <span className="people__who">
        <span className="people__name">{other.username}</span>
        <span className="people__meta">
          {incoming ? 'wants to be your friend' : 'waiting for an answer'} ·{' '}
          <time dateTime={request.createdAt}>{new Date(request.createdAt).toLocaleDateString()}</time>
        </span>
      </span>
      <span className="people__actions">
        {incoming ? (
          <>
            <button
              type="button"
              className="button button--primary"
              disabled={respond.isPending}
              onClick={() => answer('accept')}
              aria-label={`Accept ${other.username}`}
            >
              Accept
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={respond.isPending}
              onClick={() => answer('decline')}
              aria-label={`Decline ${other.username}`}
            >
              Decline
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--ghost"
            disabled={respond.isPending}
            onClick={() => answer('cancel')}
            aria-label={`Cancel the request to ${other.username}`}
          >
            Cancel
          </button>
        )}
      </span>
    </li>
  );
}

function FriendList({ userId, onError }: { userId: number; onError: OnError }) {
  const friends = useFriends(userId);
  const list = friends.data?.friends ?? [];
  const online = list.filter((f) => f.presence.isOnline).length;
  return (
    <section className="account-card" aria-labelledby="friends-list-title">
      <h2 id="friends-list-title">
        Friends {friends.data ? <span className="friends-count">({friends.data.total})</span> : null}
      </h2>
      {friends.data && list.length > 0 ? <p className="friends-online">{online} online now</p> : null}
      {friends.isError ? (
        <p className="form__error" role="alert">
          {messageForError(friends.error)}
        </p>
      ) : friends.isPending ? (
        <p className="account-empty">{historyText.loading}</p>
      ) : list.length === 0 ? (
        <p className="account-empty">No friends yet. Find players above and send them a request.</p>
      ) : (
        <ul className="people" aria-label="Friends">
          {list.map((f) => (
            <FriendRow key={f.id} friend={f} onError={onError} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FriendRow({ friend, onError }: { friend: Friend; onError: OnError }) {
  const remove = useRemoveFriend();
  const [confirming, setConfirming] = useState(false);
  const presence = describePresence(friend.presence, Date.now());
  return (
    <li className="people__row">
      <span className="people__avatar">
        <Avatar url={friend.avatarUrl} name={friend.username} />
        <span className={`presence-dot presence-dot--${presence.state}`} aria-hidden="true" />
      </span>
      <span className="people__who">
        <span className="people__name">{friend.username}</span>
        <span className="people__meta">
          Level {friend.level} ·{' '}
          <span className={`presence-text presence-text--${presence.state}`}>{presence.text}</span>
        </span>
      </span>
      <span className="people__actions">
        {confirming ? (
          <>
            <button
              type="button"
              className="button button--danger"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(friend.id, {
                  onError: (err) => {
                    setConfirming(false);
                    onError(messageForError(err));
                  },
                })
              }
            >
              {remove.isPending ? 'Removing...' : 'Remove'}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </>
        ) : (
          <button
            type="button"
            className="link-button"
            onClick={() => setConfirming(true)}
            aria-label={`Remove ${friend.username} from friends`}
          >
            Remove
          </button>
        )}
      </span>
    </li>
  );
}
