import { useCallback, useEffect, useState } from 'react';
import type { EnvironmentBannerQuery } from '../../ui/EnvironmentBanner.generated';
import { requestOperation } from '../../lib/graphqlRequest';
import { useWhenOnline } from '../../lib/useWhenOnline';
import environmentOperation from '../../ui/EnvironmentBanner.graphql?raw';

/**
 * The environment's name for the banner of the screens reached without a session: the EnvironmentBanner query,
 * posted with fetch (Apollo Client loads only behind sign-in), and asked again when the network is back.
 */
export function useEnvironment(): string | null {
  const [environment, setEnvironment] = useState<string | null>(null);
  const load = useCallback(() => {
    void requestOperation<EnvironmentBannerQuery>(environmentOperation).then((outcome) => {
      if (outcome.status === 'done') setEnvironment(outcome.value.appInfo.environment);
    });
  }, []);
  useEffect(load, [load]);
  useWhenOnline(load);
  return environment;
}
