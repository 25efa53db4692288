import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, API_BASE } from '../../api/client';
import { ApiError, ok, type ErrorBody } from '../../api/errors';
import { session } from '../../api/session';
import type { Body, Ok } from '../../api/types';

export type EsignDocument = Ok<'getEsignDocuments'>[number];
export type SignatureRequest = Ok<'getEsignRequests'>[number];

function useEsignMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queries = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queries.invalidateQueries({ queryKey: ['esign'] }) });
}

export const useDocuments = () => useQuery({ queryKey: ['esign', 'documents'], queryFn: () => ok(api.GET('/esign/documents', { params: { query: { limit: 200 } } })) });
export const useRequests = () => useQuery({ queryKey: ['esign', 'requests'], refetchInterval: 10_000, queryFn: () => ok(api.GET('/esign/requests', { params: { query: { limit: 200 } } })) });
export const useGenerate = () => useEsignMutation((body: Body<'postEsignDocumentsGenerate'>) => ok(api.POST('/esign/documents/generate', { body })));
/** A multipart upload: the typed client speaks JSON, so this one request is sent by hand. */
export const useUpload = () =>
  useEsignMutation(async ({ file, title }: { file: File; title: string }) => {
    const form = new FormData();
    form.append('file', file);
    if (title) form.append('title', title);
    const res = await fetch(`${API_BASE}/esign/documents`, { method: 'POST', headers: { authorization: `Bearer ${session.current?.accessToken ?? ''}` }, body: form });
    if (!res.ok) throw new ApiError(res.status, (await res.json().catch(() => undefined)) as ErrorBody | undefined);
  });
export const useAskToSign = () =>
  useEsignMutation(({ documentId, body }: { documentId: string; body: Body<'postEsignDocumentsByIdRequests'> }) => ok(api.POST('/esign/documents/{id}/requests', { params: { path: { id: documentId } }, body })));
export const useRevokeRequest = () => useEsignMutation((id: string) => ok(api.POST('/esign/requests/{id}/revoke', { params: { path: { id } } })));
