import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import { sendForm } from '../../api/raw';
import type { Body, Ok } from '../../api/types';

export type EsignDocument = Ok<'getEsignDocuments'>[number];
export type SignatureRequest = Ok<'getEsignRequests'>[number];

const useEsignMutation = <V, R>(fn: (v: V) => Promise<R>) => useInvalidatingMutation(fn, [['esign']]);

export const useDocuments = () => useQuery({ queryKey: ['esign', 'documents'], queryFn: () => ok(api.GET('/esign/documents', { params: { query: { limit: 200 } } })) });
export const useRequests = () => useQuery({ queryKey: ['esign', 'requests'], refetchInterval: 10_000, queryFn: () => ok(api.GET('/esign/requests', { params: { query: { limit: 200 } } })) });
export const useGenerate = () => useEsignMutation((body: Body<'postEsignDocumentsGenerate'>) => ok(api.POST('/esign/documents/generate', { body })));
export const useUpload = () => useEsignMutation(({ file, title }: { file: File; title: string }) => sendForm('POST', '/esign/documents', { file, ...(title ? { title } : {}) }));
export const useAskToSign = () =>
  useEsignMutation(({ documentId, body }: { documentId: string; body: Body<'postEsignDocumentsByIdRequests'> }) => ok(api.POST('/esign/documents/{id}/requests', { params: { path: { id: documentId } }, body })));
export const useRevokeRequest = () => useEsignMutation((id: string) => ok(api.POST('/esign/requests/{id}/revoke', { params: { path: { id } } })));
