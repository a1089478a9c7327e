import {
  DAILY_DICE_BASE,
  DICE_PER_USD,
  LAP_BONUS_XP,
  LEVEL_XP_STEP,
  rewardHint,
  STARTING_DICE_ROLLS,
  TILE_TYPES,
  TILES,
} from '@gogo/shared/rules';
import { siteText, tileTypeText } from '@gogo/shared/messages';
import { InfoLayout } from '../InfoLayout';
import { PlayButton } from '../PlayButton';

const steps = [
  {
    title: 'Create your account',
    text: `Register with a username, an email address and a password. There is no wallet to connect: your GOGO live in your GOGO Board account. You start with ${STARTING_DICE_ROLLS} dice rolls.`,
  },
  {
    title: 'Roll the die',
    text: 'Tap the die, or swipe up or down on a phone. Our server rolls a number from 1 to 6 and your token moves that many tiles around the 20-tile board. Each roll uses one of your dice rolls; wait a second between rolls.',
  },
  {
    title: 'Collect rewards',
    text: `The tile you land on pays or costs GOGO (see the table below). Achievements and your daily streak add bonuses, and landing exactly on Start completes a lap worth ${LAP_BONUS_XP} XP.`,
  },
  {
    title: 'Compete and win',
    text: `Every reward also gives XP: level N needs ${LEVEL_XP_STEP} x N XP to level up. Your GOGO earned, jackpots, achievements, level and rolls add up to your leaderboard score.`,
  },
] as const;

const tips = [
  `Claim your ${DAILY_DICE_BASE} free daily dice every day: long streaks add more dice and GOGO bonuses.`,
  'Jackpot tiles give double XP, so they level you up fastest.',
  'Watch for the Snake Eyes (two 1s in a row) and High Roller (three 6s in a row) achievements.',
  `Out of rolls? Buy more on your account page (1 USD = ${DICE_PER_USD} rolls). A person checks each payment before the rolls are added.`,
  'Curious whether a roll was fair? Open the Fairness panel in the game and verify it yourself.',
];

export default function HowToPlayPage() {
  const types = TILE_TYPES;
  return (
    <InfoLayout
      eyebrow="Guide"
      title="How to Play"
      lead={<p>Four steps take you from sign-up to the leaderboard. A game takes as long as you like.</p>}
    >
      <ol className="info-steps">
        {steps.map((s, i) => (
          <li className="info-step" key={s.title}>
            <span className="info-step__number" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h2>
                <span className="visually-hidden">Step {i + 1}: </span>
                {s.title}
              </h2>
              <p>{s.text}</p>
            </div>
          </li>
        ))}
      </ol>

      <section className="info-section" aria-labelledby="tiles-title">
        <h2 id="tiles-title">The tiles</h2>
        <div className="table-scroll">
          <table className="info-table info-table--tiles">
            <caption className="visually-hidden">What each type of tile does</caption>
            <thead>
              <tr>
                <th scope="col">Tile</th>
                <th scope="col">GOGO</th>
                <th scope="col">On the board</th>
              </tr>
            </thead>
            <tbody>
              {types.map((type) => (
                <tr key={type}>
                  <th scope="row">
                    <span className={`tile-dot tile-dot--${type.toLowerCase()}`} aria-hidden="true" />
                    {tileTypeText[type].label}
                    <span className="info-table__note">{tileTypeText[type].what}</span>
                  </th>
                  <td className="info-table__num">{rewardHint(type)}</td>
                  <td>
                    {TILES.filter((t) => t.type === type)
                      .map((t) => t.name)
                      .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="info-section" id="tips" aria-labelledby="tips-title">
        <h2 id="tips-title">Tips</h2>
        <ul className="check-list check-list--large">
          {tips.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </section>

      <section className="info-cta" aria-labelledby="how-cta">
        <h2 id="how-cta">Your first roll is waiting</h2>
        <p>Sign up in a few seconds and start with {STARTING_DICE_ROLLS} free dice.</p>
        <PlayButton className="button button--primary button--large" label={siteText.startPlaying} mode="register" />
      </section>
    </InfoLayout>
  );
}
