import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2, ShieldAlert } from 'lucide-react';
import { REDIRECT_DELAY_MS } from '@cp/ui/timings';
import { Card, CardDescription, CardHeader, CardTitle, Field, Input, toast } from '@cp/ui';
import { useSchemaForm } from '@cp/web-core/schema-form';
import { formSchema } from '../forms/form-schema.ts';
import { useResetPasswordMutation } from '@cp/web-core/password-api';
import { PasswordFormCard } from '../components/PasswordFormCard.tsx';

/** /reset-password?token=… (spec §2, §4, §5): form → success → /auth after 3 s; no token → /forgot-password after 3 s. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const form = useSchemaForm(formSchema('ResetPasswordFormSchema'), { password: '', confirmPassword: '' });
  const { values, errors, text } = form;
  const [done, setDone] = useState(false);
  const [reset, { isLoading }] = useResetPasswordMutation();

  useEffect(() => {
    if (token) return;
    toast({ title: 'Invalid Link', description: 'This password reset link is invalid or expired.', variant: 'destructive' });
    const timer = setTimeout(() => navigate('/forgot-password'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [token, navigate]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/auth'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = form.submit({
    send: async ({ password }) => {
      await reset({ token, password }).unwrap();
      setDone(true);
    },
    onError: () => toast({ title: 'Error', description: 'Failed to reset password. The link may have expired.', variant: 'destructive' }),
  });

  let content;
  if (!token) {
    content = (
      <CardHeader className="items-center text-center">
        <ShieldAlert className="h-10 w-10 text-destructive" aria-hidden="true" />
        <CardTitle as="h1">Invalid Link</CardTitle>
        <CardDescription>This password reset link is invalid or expired. Redirecting you to request a new one…</CardDescription>
      </CardHeader>
    );
  } else if (done) {
    content = (
      <CardHeader className="items-center text-center" role="status">
        <CheckCircle2 className="h-10 w-10 text-success" aria-hidden="true" />
        <CardTitle as="h1">Password Reset Successful</CardTitle>
        <CardDescription>Your password has been changed. Redirecting you to the login page…</CardDescription>
      </CardHeader>
    );
  } else {
    content = (
      <PasswordFormCard
        title="Reset Password"
        description="Choose a new password of at least 8 characters."
        onSubmit={onSubmit}
        intent={form.intent}
        busy={isLoading}
        submitLabel="Reset Password"
        busyLabel="Resetting..."
      >
        <Field label="New password" required error={errors.password}>
          <Input type="password" autoComplete="new-password" value={values.password} onChange={text('password')} />
        </Field>
        <Field label="Confirm new password" required error={errors.confirmPassword}>
          <Input type="password" autoComplete="new-password" value={values.confirmPassword} onChange={text('confirmPassword')} />
        </Field>
      </PasswordFormCard>
    );
  }

  return (
    <div className="mx-auto max-w-md py-6">
      <title>Reset Password | Central PA Desi Community</title>
      <meta name="referrer" content="no-referrer" />
      <Card>{content}</Card>
    </div>
  );
}

export default ResetPasswordPage;
