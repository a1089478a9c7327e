import {
  ACHIEVEMENTS,
  DAILY_DICE_BASE,
  LEADERBOARD_SCORE_WEIGHTS as W,
  rewardHint,
  STARTING_DICE_ROLLS,
} from '@gogo/shared/rules';
import { siteText, formatCount } from '@gogo/shared/messages';
import { Icon, type IconName } from '../../../components/Icon';
import { InfoLayout } from '../InfoLayout';
import { PlayButton } from '../PlayButton';

const features = [
  {
    icon: 'dice' as IconName,
    title: 'Provably fair dice',
    text: 'Every roll of the die is decided on our server from a secret seed whose SHA-256 fingerprint you can see before you play, your own client seed and a counter. When the seed is rotated it is revealed, and the game checks your past rolls in your browser with the same formula.',
    points: [
      'Seed fingerprint shown before you roll',
      'Change your client seed at any time',
      'Verify revealed rolls yourself',
    ],
  },
  {
    icon: 'coin' as IconName,
    title: 'GOGO rewards',
    text: 'Land on properties, chance tiles and jackpots to win GOGO; penalty tiles take some back, never below zero. GOGO are off-chain credits kept in your account, and every change is a line in your ledger.',
    points: [
      `Start ${rewardHint('START')}, properties ${rewardHint('PROPERTY')}, jackpots ${rewardHint('JACKPOT')} GOGO`,
      'Achievement and streak bonuses',
      'A full history of every credit',
    ],
  },
  {
    icon: 'trophy' as IconName,
    title: 'Global leaderboard',
    text: `One score ranks every player: ${W.totalTokensEarned} points per GOGO earned, ${formatCount(W.jackpotsHit)} per jackpot, ${W.achievementsUnlocked} per achievement, ${W.level} per level and ${W.totalRolls} per roll. The landing page shows the real top players.`,
    points: ['Real players, real scores', 'Score from earnings, jackpots, achievements, level and rolls'],
  },
  {
    icon: 'calendar' as IconName,
    title: 'Daily dice and streaks',
    text: `Claim ${DAILY_DICE_BASE} free dice rolls every day (UTC). Come back day after day: your login streak pays 50 GOGO per day in a row, with extra bonuses at 7, 30 and 100 days and more free dice on long streaks.`,
    points: [`${DAILY_DICE_BASE} free dice every day`, 'Streak bonuses at 7, 30 and 100 days'],
  },
  {
    icon: 'star' as IconName,
    title: 'Achievement system',
    text: `${ACHIEVEMENTS.length} achievements, each paying GOGO once: ${ACHIEVEMENTS.map((a) => `${a.name} (${a.reward})`).join(', ')}.`,
    points: ['Checked by the server after every roll', 'Paid once, at face value'],
  },
  {
    icon: 'shield' as IconName,
    title: 'Safe by design',
    text: 'The server is the only authority on your balance: the browser shows what the server decided and can never award itself GOGO. Passwords are hashed with argon2id, repeated failed logins lock the account for 15 minutes, and logging out signs out every device.',
    points: ['No wallet to connect, no keys to share', 'Deposits and withdrawals reviewed by a person'],
  },
] as const;

export default function FeaturesPage() {
  return (
    <InfoLayout
      eyebrow="Features"
      title="Features"
      lead={
        <p>
          GOGO Board is a dice board game that runs in your browser. Here is everything it does, and how it keeps every
          roll honest. New accounts start with {STARTING_DICE_ROLLS} free dice rolls.
        </p>
      }
    >
      <ul className="info-cards">
        {features.map((f) => (
          <li className="info-card" key={f.title}>
            <span className="info-card__icon">
              <Icon name={f.icon} />
            </span>
            <h2>{f.title}</h2>
            <p>{f.text}</p>
            <ul className="check-list">
              {f.points.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <section className="info-cta" aria-labelledby="features-cta">
        <h2 id="features-cta">Ready for your first roll?</h2>
        <p>Create a free account and roll your {STARTING_DICE_ROLLS} starting dice. No wallet, no download.</p>
        <PlayButton className="button button--primary button--large" label={siteText.startPlayingNow} mode="register" />
      </section>
    </InfoLayout>
  );
}
