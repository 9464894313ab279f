import { useState } from 'react';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, Input, toast } from '@cp/ui';
import { isApiError, serverErrorText, serverMessageText } from '@cp/web-core';
import { useSchemaForm } from '@cp/web-core/schema-form';
import { formSchema } from '../forms/form-schema.ts';
import { useForgotPasswordMutation } from '@cp/web-core/password-api';
import { PasswordFormCard } from '../components/PasswordFormCard.tsx';

const SENT_FALLBACK = 'If an account exists with this email, a password reset link has been sent.';

const BackToLogin = () => (
  <Link to="/auth" className="text-primary underline-offset-4 hover:underline">
    Back to Login
  </Link>
);

/** /forgot-password (spec §2, §4): form → confirmation → Send Another Email. */
export function ForgotPasswordPage() {
  const form = useSchemaForm(formSchema('ForgotPasswordRequestSchema'), { email: '' });
  const { values, errors, text } = form;
  const [sent, setSent] = useState<string | null>(null);
  const [forgot, { isLoading }] = useForgotPasswordMutation();

  const onSubmit = form.submit({
    input: (v) => ({ email: v.email.trim() }),
    send: async (request) => {
      const answer = await forgot(request).unwrap();
      const message = serverMessageText(answer) ?? SENT_FALLBACK;
      setSent(message);
      toast({ title: 'Check your email', description: message, variant: 'success' });
    },
    onError: (error) => {
      const network = isApiError(error) && typeof error.status !== 'number';
      toast({
        title: 'Error',
        description: network ? 'An error occurred. Please try again later.' : (serverMessageText(error) ?? serverErrorText(error) ?? 'Failed to send reset email. Please try again.'),
        variant: 'destructive',
      });
    },
  });

  return (
    <div className="mx-auto max-w-md py-6">
      <title>Forgot Password | Central PA Desi Community</title>
      <Card>
        {sent ? (
          <>
            <CardHeader className="items-center text-center">
              <MailCheck className="h-10 w-10 text-success" aria-hidden="true" />
              <CardTitle as="h1">Check Your Email</CardTitle>
              <CardDescription>{sent}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4 text-center">
              <p className="text-sm text-muted-foreground">The link expires in 1 hour. Check your spam folder if it does not arrive.</p>
              <Button
                variant="outline"
                onClick={() => {
                  setSent(null);
                  form.reset({ email: '' });
                }}
              >
                Send Another Email
              </Button>
              <p className="text-sm">
                <BackToLogin />
              </p>
            </CardContent>
          </>
        ) : (
          <PasswordFormCard
            title="Forgot Password"
            description="Enter your email and we will send you a link to reset your password."
            onSubmit={onSubmit}
            intent={form.intent}
            busy={isLoading}
            submitLabel="Send Reset Link"
            busyLabel="Sending..."
            after={
              <p className="text-center text-sm">
                <BackToLogin />
              </p>
            }
          >
            <Field label="Email" required error={errors.email}>
              <Input type="email" autoComplete="email" value={values.email} onChange={text('email')} />
            </Field>
          </PasswordFormCard>
        )}
      </Card>
    </div>
  );
}

export default ForgotPasswordPage;
