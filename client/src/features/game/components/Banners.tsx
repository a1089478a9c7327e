/** Shown by CSS only on a phone held sideways. */
export function OrientationBanner() {
  return (
    <div className="orientation-banner" role="note">
      <span aria-hidden="true">📱↻</span> Turn your phone upright: GOGO Board plays best in portrait.
    </div>
  );
}

export function OfflineBanner() {
  return (
    <div className="offline-banner" role="alert">
      <strong>You are offline.</strong> The server decides every roll, so the die waits until the connection is back.
      Checking again every few seconds…
    </div>
  );
}

export function TutorialCard({ phone, onDismiss }: { phone: boolean; onDismiss: () => void }) {
  return (
    <section className="tutorial" aria-labelledby="tutorial-title">
      <h2 id="tutorial-title">How to play</h2>
      <ol>
        <li>
          {phone ? 'Tap the die or swipe up on the board to roll.' : 'Click the die or press Space or Enter to roll.'}
        </li>
        <li>Your token walks back that many tiles; the tile pays or takes GOGO.</li>
        <li>Earn XP to level up, unlock achievements, claim free dice every day.</li>
      </ol>
      <button type="button" className="button button--ghost button--small" onClick={onDismiss}>
        Got it
      </button>
    </section>
  );
}
