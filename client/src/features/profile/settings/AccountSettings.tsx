import { historyText } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { messageForError } from '../../../lib/api/errors';
import { useSession } from '../../../lib/session';
import { useProfile } from './api';
import { AccountCard } from './AccountCard';
import { AvatarCard } from './AvatarCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import { DataCard } from './DataCard';
import { EmailCard } from './EmailCard';
import { NotificationsCard } from './NotificationsCard';
import { PreferencesCard } from './PreferencesCard';
import { PrivacyCard } from './PrivacyCard';
import { PushCard } from './PushCard';
import { UsernameCard } from './UsernameCard';
import './settings.css';

/** My Account > Settings: profile, avatar, preferences, privacy, notifications, data and the account itself. */
export function AccountSettings() {
  const { user } = useSession();
  const profile = useProfile(user?.id ?? 0);
  if (!user) return null;
  if (profile.isError) return <Alert kind="error">{messageForError(profile.error)}</Alert>;
  if (!profile.data?.account) return <p className="account-empty">{historyText.loading}</p>;
  const data = profile.data;
  const settings = data.account!.settings;
  return (
    <div className="account-section settings">
      <AvatarCard profile={data} />
      <UsernameCard profile={data} />
      <EmailCard profile={data} />
      <ChangePasswordCard />
      <PreferencesCard id={data.id} settings={settings} />
      <PrivacyCard id={data.id} settings={settings} />
      <PushCard />
      <NotificationsCard id={data.id} settings={settings} />
      <DataCard id={data.id} />
      <AccountCard profile={data} />
    </div>
  );
}
