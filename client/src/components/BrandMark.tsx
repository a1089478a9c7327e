/**
 * The brand's "G" tile. The letter is drawn by CSS (global.css, .brand__mark::before), not written in
 * the page: a link around it is named "GOGO Board home", and a letter in its text would make the
 * visible label differ from that name (WCAG 2.5.3, Label in Name), even hidden from screen readers.
 */
export function BrandMark() {
  return <span className="brand__mark" aria-hidden="true" />;
}
