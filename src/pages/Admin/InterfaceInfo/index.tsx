export default function Page() { return <div>Admin/InterfaceInfo</div>; }
