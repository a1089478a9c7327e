import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../app/paths';

const titles: Record<string, string> = {
  [paths.features]: 'Features',
  [paths.howToPlay]: 'How to Play',
  [paths.helpCenter]: 'Help Center',
  [paths.privacyPolicy]: 'Privacy Policy',
  [paths.termsOfService]: 'Terms of Service',
  [paths.contactUs]: 'Contact Us',
  [paths.featureRequest]: 'Feature Request',
};

export default function InfoPage() {
  const { pathname } = useLocation();
  return (
    <main className="centered-page">
      <h1>{titles[pathname] ?? 'GOGO Board'}</h1>
      <Link to={paths.home}>← Back to home</Link>
    </main>
  );
}
