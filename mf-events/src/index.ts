// Standalone development entry (the shell never loads it): the async boundary, then a minimal host.
void import('./bootstrap.tsx');
