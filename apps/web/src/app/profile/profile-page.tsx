import { useParams } from 'react-router';
import { ProfilePage as AccountProfilePage } from '@/features/accounts/pages/profile-page';
import { ProfileTabs } from './profile-tabs';
import { toProfileTab } from './profile-tabs-model';

/**
 * /customerprofile/{id}: the accounts feature's profile with the tabs of the customer's machines
 * (and, with its issue, their tickets) below it, composed here since features do not import each
 * other.
 */
export function ProfilePage() {
  const { id } = useParams();
  return <AccountProfilePage tabs={<ProfileTabs key={id} initialTab={toProfileTab(id)} />} />;
}
