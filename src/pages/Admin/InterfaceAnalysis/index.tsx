export default function Page() { return <div>Admin/InterfaceAnalysis</div>; }
