import { buildingShapes } from '../../../game/buildingShapes';

/**
 * The building of a property at its level on its board, as the board draws it (game/buildingShapes.ts), in SVG:
 * an empty plot with a dashed outline when it is not owned yet. Colours come from BuildSheet.css
 * (the board's art and the theme).
 */
export function BuildingArt({ level, theme = 'city' }: { level: number; theme?: string }) {
  const shapes = buildingShapes(level, theme);
  return (
    <svg className="building-art" viewBox="-24 -46 48 50" width={40} height={42} aria-hidden="true">
      {level <= 0 ? (
        <>
          <ellipse className="building-art__plot" cx={0} cy={1.5} rx={20} ry={2.5} />
          <rect className="building-art__sale" x={-10} y={-18} width={20} height={18} rx={2} />
        </>
      ) : null}
      {shapes.map((shape, i) => {
        const className = `building-art__${shape.paint}`;
        if (shape.kind === 'rect') {
          return <rect key={i} className={className} x={shape.x} y={shape.y} width={shape.w} height={shape.h} />;
        }
        if (shape.kind === 'tri') {
          const [x1, y1, x2, y2, x3, y3] = shape.points;
          return <polygon key={i} className={className} points={`${x1},${y1} ${x2},${y2} ${x3},${y3}`} />;
        }
        return <ellipse key={i} className={className} cx={shape.cx} cy={shape.cy} rx={shape.w / 2} ry={shape.h / 2} />;
      })}
    </svg>
  );
}
