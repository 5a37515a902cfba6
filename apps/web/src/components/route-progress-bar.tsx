import { useNavigation } from 'react-router';
import classes from './route-progress-bar.module.css';

/** A thin bar at the top while the next page's code is loading. */
export function RouteProgressBar() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={classes.bar} aria-hidden />;
}
