import { useParams } from 'react-router';
import { ProfilePage } from '@/features/accounts/pages/profile-page';
import { ProfileTabs } from './profile-tabs';
import { toProfileTab } from './profile-tabs-model';

/**
 * /customerprofile/{id}: the accounts feature's profile with the tabs of the customer's machines
 * (and, with its issue, their tickets) below it, composed here since features do not import each
 * other.
 */
export function CustomerProfilePage() {
  const { id } = useParams();
  return <ProfilePage tabs={<ProfileTabs key={id} initialTab={toProfileTab(id)} />} />;
}
