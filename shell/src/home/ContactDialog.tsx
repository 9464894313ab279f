import { lazy, Suspense } from 'react';
import { Skeleton, toast } from '@cp/ui';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@cp/ui/dialog';

const ContactForm = lazy(() => import('../components/ContactForm.tsx'));

/** The home contact block's Send Us a Message dialog (spec §2 Home). Loaded when first opened. */
export default function ContactDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Send Us a Message</DialogTitle>
          <DialogDescription>We read every message and answer within 24-48 hours.</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <ContactForm
            onSent={() => {
              onOpenChange(false);
              toast({ title: 'Message sent!', description: "We'll get back to you as soon as possible.", variant: 'success' });
            }}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
