import { appEndpoints, type ContactRequest } from '@rankwise/contract/app';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api-client.ts';

/** A fresh Idempotency-Key (random, 32 hex characters; crypto.randomUUID needs a secure context). */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends the contact form. Every try of one message carries the same Idempotency-Key, so a resend
 * after a lost answer or a 503 is stored and mailed once (issue 29); a sent message gets a new key.
 */
export function useSendContactMessage() {
  const [key, setKey] = useState(newKey);
  return useMutation({
    mutationFn: (body: ContactRequest) => api(appEndpoints.contact, { body, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => setKey(newKey()),
  });
}
