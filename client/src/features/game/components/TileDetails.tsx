import { rewardHint, tileAt } from '@gogo/shared/rules';
import type { BoardDto } from '@gogo/shared/api';
import { gameText } from '@gogo/shared/messages';
import { gameScreenText } from '@gogo/shared/messages/game';
import { tileIconUrl } from '../../../game/assets';
import { TILE_COLORS } from '../../../game/palette';
import { tileTypeDescription } from '../format';
import './TileDetails.css';

/** Details of one tile: shared by the desktop side panel and the phone strip. */
export function TileDetails({
  tileId,
  tokenPosition,
  compact = false,
  board,
}: {
  tileId: number | null;
  tokenPosition: number | null;
  compact?: boolean;
  /** The player's board: a property's name on it and the level built. */
  board?: BoardDto;
}) {
  if (tileId === null) {
    return <p className="tile-details tile-details--empty">{gameText.tapTile}</p>;
  }
  const tile = tileAt(tileId);
  const colors = TILE_COLORS[tile.type];
  const property = board?.properties.find((p) => p.tileId === tile.id);
  return (
    <div className={compact ? 'tile-details tile-details--compact' : 'tile-details'} data-tile-id={tile.id}>
      <img className="tile-details__icon" src={tileIconUrl(tile.icon)} alt="" width={44} height={44} />
      <div className="tile-details__text">
        <p className="tile-details__name">
          {property?.name ?? tile.name}
          {tokenPosition === tile.id ? (
            <span className="tile-details__here">{gameScreenText.tile.yourToken}</span>
          ) : null}
        </p>
        <p className="tile-details__meta">
          <span className="type-chip" style={{ color: colors.css, borderColor: colors.css }}>
            {colors.label}
          </span>
          <span className="tile-details__hint">
            {gameScreenText.tile.hint(rewardHint(tile.type))}
            {property && property.level > 0 ? ` \u00d7${property.rewardMultiplier}` : ''}
          </span>
          <span className="tile-details__index">{gameScreenText.tile.index(tile.id)}</span>
        </p>
        {compact ? null : <p className="tile-details__desc">{tileTypeDescription(tile.type)}</p>}
      </div>
    </div>
  );
}
