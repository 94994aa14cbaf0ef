import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
export default defineConfig({ root: import.meta.dirname, plugins: [react()], build: { outDir: 'dist', target: 'es2022', rolldownOptions: { input: import.meta.dirname + '/decl.html' } } });
