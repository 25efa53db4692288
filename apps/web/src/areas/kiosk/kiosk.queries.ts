import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ok } from '../../api/errors';

/** Where the tablet keeps its kiosk device token: typed in once by whoever sets the tablet up. */
export const KIOSK_TOKEN_KEY = 'wfm.kiosk.token';

/** The kiosk routes take the device token and nothing else; no person's session is involved. */
const asKiosk = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

export function useKioskWorkers(token: string | null) {
  return useQuery({
    queryKey: ['kiosk', 'workers', token],
    enabled: token !== null,
    // Shifts start through the day: the list follows them without anyone touching the tablet.
    refetchInterval: 60_000,
    queryFn: () => ok(api.GET('/kiosk/workers', asKiosk(token!))),
  });
}

export function useKioskClock(token: string) {
  return useMutation({
    mutationFn: (body: { userId: string; pin: string; action: 'IN' | 'OUT' }) => ok(api.POST('/kiosk/clock', { ...asKiosk(token), body })),
  });
}

/** Checks a typed token by asking for the workers with it. */
export const checkKioskToken = (token: string) => ok(api.GET('/kiosk/workers', asKiosk(token)));
