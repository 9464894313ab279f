// The async boundary of Module Federation: shared singletons are negotiated before the app's code runs.
void import('./bootstrap.tsx');
