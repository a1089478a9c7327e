import './avatar.css';

interface Props {
  url: string | null | undefined;
  name: string;
  /** Pixel size of the circle (the CSS default is 40). */
  size?: number;
  className?: string;
}

/** A player's picture, or their initial on a colour derived from the name when there is none. */
export function Avatar({ url, name, size = 40, className }: Props) {
  const classes = ['avatar', className].filter(Boolean).join(' ');
  const dimension = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (url) {
    return <img className={classes} src={url} alt="" width={size} height={size} style={dimension} />;
  }
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  return (
    <span
      className={`${classes} avatar--initial`}
      aria-hidden="true"
      style={{ ...dimension, backgroundColor: `hsl(${hash} 55% 38%)` }}
    >
      {name.slice(0, 1).toUpperCase() || '?'}
    </span>
  );
}
