import { useEnvironmentBannerQuery } from './EnvironmentBanner.generated';
import { useWhenOnline } from '../lib/useWhenOnline';
import { EnvironmentNotice } from './EnvironmentNotice';

/** Spec section 2: development and staging say which environment they are; production says nothing. */
export function EnvironmentBanner() {
  const { data, refetch } = useEnvironmentBannerQuery();
  useWhenOnline(() => {
    refetch().catch(() => undefined);
  });
  return <EnvironmentNotice environment={data?.appInfo.environment} />;
}
