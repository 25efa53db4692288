import { useMutation, useQuery } from '@tanstack/react-query';
import { api, API_BASE } from '../../api/client';
import { ApiError, ok, type ErrorBody } from '../../api/errors';
import type { Body } from '../../api/types';

export const useCareersPage = (tenantSlug: string) =>
  useQuery({ queryKey: ['careers', tenantSlug], retry: false, queryFn: () => ok(api.GET('/careers/{tenantSlug}', { params: { path: { tenantSlug }, query: { limit: 200 } } })) });

export const useJobPage = (tenantSlug: string, jobSlug: string) =>
  useQuery({ queryKey: ['careers', tenantSlug, jobSlug], retry: false, queryFn: () => ok(api.GET('/careers/{tenantSlug}/jobs/{jobSlug}', { params: { path: { tenantSlug, jobSlug } } })) });

/**
 * An application, then its résumé: the upload is bound to the application by the one-time token
 * the application answers with, so a person applies and attaches in one step of the page.
 */
export function useApply(tenantSlug: string, jobSlug: string) {
  return useMutation({
    mutationFn: async ({ body, resume }: { body: Body<'postCareersByTenantSlugJobsByJobSlugApply'>; resume: File | null }) => {
      const applied = await ok(api.POST('/careers/{tenantSlug}/jobs/{jobSlug}/apply', { params: { path: { tenantSlug, jobSlug } }, body }));
      if (!resume) return { applied, resumeError: null };
      const form = new FormData();
      form.append('applicationId', applied.applicationId);
      form.append('uploadToken', applied.uploadToken);
      form.append('resume', resume);
      const res = await fetch(`${API_BASE}/careers/${encodeURIComponent(tenantSlug)}/jobs/${encodeURIComponent(jobSlug)}/apply/resume`, { method: 'POST', body: form });
      // The application stands without the file; the person is told the file did not go.
      const resumeError = res.ok ? null : new ApiError(res.status, (await res.json().catch(() => undefined)) as ErrorBody | undefined);
      return { applied, resumeError };
    },
  });
}
