import { createRoot } from 'react-dom/client';
import { BrowserRouter, Routes, Route, Link, useNavigate, Outlet, Navigate, useLocation, useSearchParams } from 'react-router';
function P() { const n = useNavigate(); useLocation(); useSearchParams(); return <div onClick={() => n('/x')}><Link to="/a">a</Link><Outlet /><Navigate to="/" /></div>; }
createRoot(document.getElementById('root')!).render(<BrowserRouter><Routes><Route path="/" element={<P />} /></Routes></BrowserRouter>);
