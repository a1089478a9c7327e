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
